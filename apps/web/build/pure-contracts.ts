import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: (Node & { declarations?: Declarator[] }) | null;
  declarations?: Declarator[];
}

/** Values the bundler already knows to be free of effects: nothing to wrap. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

/**
 * The shared contracts build their zod schemas at the top of each module. The package says it has
 * no side effects, so a module nobody uses is dropped; but a page that uses one constant or helper
 * of a module got every schema in it, and zod itself, because building a schema is a call and a
 * bundler must assume a call does something. Building one does nothing else: each top-level
 * definition computed by calls is wrapped in an immediately called function marked pure, which
 * evaluates exactly as before and is left out where nothing reads it. (Marking the outer call
 * alone is not enough: the calls in its arguments would still count.)
 */
export function pureContracts(): Plugin {
  return {
    name: 'snowgear:pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const program = this.parse(code) as unknown as { body: Statement[] };
        const inits: Node[] = [];
        for (const statement of program.body) {
          const declarations =
            statement.type === 'ExportNamedDeclaration'
              ? statement.declaration?.declarations
              : statement.type === 'VariableDeclaration'
                ? statement.declarations
                : undefined;
          for (const { init } of declarations ?? []) {
            if (init && !PLAIN.has(init.type) && /[(]/.test(code.slice(init.start, init.end))) {
              inits.push(init);
            }
          }
        }
        if (inits.length === 0) return null;
        let out = '';
        let at = 0;
        for (const init of inits) {
          out += `${code.slice(at, init.start)}/* @__PURE__ */ (() => (${code.slice(init.start, init.end)}))()`;
          at = init.end;
        }
        return { code: out + code.slice(at), map: null };
      },
    },
  };
}
