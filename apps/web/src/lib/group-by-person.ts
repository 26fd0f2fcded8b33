/** An order's lines by person (name, then the lines for no one), in the order's order. */
export function groupByPerson<T>(
  lines: T[],
  nameOf: (line: T) => string | null,
): { name: string | null; lines: T[] }[] {
  const groups: { name: string | null; lines: T[] }[] = [];
  for (const line of lines) {
    const name = nameOf(line);
    const group = groups.find((g) => g.name === name);
    if (group) group.lines.push(line);
    else groups.push({ name, lines: [line] });
  }
  // The lines for no one come last.
  return [...groups.filter((g) => g.name !== null), ...groups.filter((g) => g.name === null)];
}
