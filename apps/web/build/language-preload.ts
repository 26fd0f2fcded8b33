import type { Plugin } from 'vite';

/** The language the app shows when none was chosen (lib/i18n.ts `savedLanguage`). */
const FIRST = 'zh-CN';
const OTHER = 'en-US';
/** Where the app keeps the chosen language (lib/storage.ts `StorageKey.language`). */
const STORAGE_KEY = 'language';

/**
 * The page's texts are a chunk of their own, and the app waits for them before it draws. Without
 * help the browser learns of that chunk only once the entry has downloaded and run; this puts a
 * few lines in index.html that ask for the chosen language's chunk at once, beside the entry.
 */
export function languagePreload(): Plugin {
  return {
    name: 'snowgear:language-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const fileOf = (language: string) =>
          Object.values(ctx.bundle ?? {}).find(
            (item) =>
              item.type === 'chunk' && item.facadeModuleId?.endsWith(`/src/locales/${language}.ts`),
          )?.fileName;
        const first = fileOf(FIRST);
        const other = fileOf(OTHER);
        if (!first || !other) throw new Error('The language chunks are missing from the build');
        const script = [
          '(function(){var f=',
          JSON.stringify(`/${first}`),
          ';try{if(localStorage.getItem(',
          JSON.stringify(STORAGE_KEY),
          ')===',
          JSON.stringify(OTHER),
          ')f=',
          JSON.stringify(`/${other}`),
          '}catch(e){}',
          "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;",
          'document.head.appendChild(l)})()',
        ].join('');
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
