/** An import against the layers: the rule it breaks, and where (a circle's modules, in order). */
export interface LayerViolation {
  workspace: string;
  rule: string;
  from: string;
  to: string;
  cycle?: string[];
}

/** Runs the layering rules over the tree at `root` (the repository unless given). */
export function checkLayers(root?: string): Promise<LayerViolation[]>;
