/**
 * Pictures drawn for the demo stock (nothing downloaded): a simple drawing of each kind of gear
 * in the item's colour, as SVG that the server turns into PNG.
 */
const COLOURS: Record<string, string> = {
  黑色: '#23262b',
  白色: '#f5f5f5',
  红色: '#e63946',
  蓝色: '#1d70b8',
  绿色: '#2a9d8f',
  黄色: '#f2b705',
  粉色: '#ef8fb5',
};

const SHAPES: Record<string, (c: string) => string> = {
  SKI: (c) => `
    <g transform="rotate(-28 300 225)">
      <rect x="60" y="170" width="480" height="34" rx="17" fill="${c}" stroke="#333" stroke-width="3"/>
      <rect x="60" y="238" width="480" height="34" rx="17" fill="${c}" stroke="#333" stroke-width="3"/>
      <rect x="270" y="160" width="70" height="54" rx="8" fill="#555"/>
      <rect x="270" y="228" width="70" height="54" rx="8" fill="#555"/>
    </g>`,
  SB: (c) => `
    <rect x="50" y="170" width="500" height="110" rx="55" fill="${c}" stroke="#333" stroke-width="4"/>
    <rect x="170" y="190" width="60" height="70" rx="10" fill="#444"/>
    <rect x="370" y="190" width="60" height="70" rx="10" fill="#444"/>`,
  SBT: (c) => boot(c),
  BBT: (c) => boot(c),
  POLE: (c) => `
    <line x1="230" y1="60" x2="260" y2="400" stroke="${c}" stroke-width="10" stroke-linecap="round"/>
    <line x1="370" y1="60" x2="340" y2="400" stroke="${c}" stroke-width="10" stroke-linecap="round"/>
    <rect x="212" y="50" width="36" height="70" rx="14" fill="#333"/>
    <rect x="352" y="50" width="36" height="70" rx="14" fill="#333"/>
    <circle cx="257" cy="360" r="24" fill="none" stroke="#333" stroke-width="6"/>
    <circle cx="343" cy="360" r="24" fill="none" stroke="#333" stroke-width="6"/>`,
  HLM: (c) => `
    <path d="M150 290 A150 150 0 0 1 450 290 Z" fill="${c}" stroke="#333" stroke-width="4"/>
    <path d="M170 290 L430 290 L410 320 L190 320 Z" fill="#333"/>
    <rect x="280" y="150" width="40" height="14" rx="7" fill="#ffffff" opacity="0.6"/>`,
  GOG: (c) => `
    <rect x="60" y="205" width="480" height="30" rx="15" fill="#333"/>
    <rect x="130" y="150" width="340" height="140" rx="60" fill="${c}" stroke="#222" stroke-width="8"/>
    <rect x="150" y="170" width="300" height="100" rx="45" fill="url(#lens)"/>`,
  PRO: (c) => `
    <path d="M220 110 Q300 80 380 110 L400 330 Q300 370 200 330 Z" fill="${c}" stroke="#333" stroke-width="4"/>
    <rect x="180" y="170" width="240" height="26" rx="8" fill="#444"/>
    <rect x="180" y="260" width="240" height="26" rx="8" fill="#444"/>`,
  WEAR: (c) => `
    <path d="M230 90 L370 90 L470 150 L440 220 L400 200 L400 380 L200 380 L200 200 L160 220 L130 150 Z" fill="${c}" stroke="#333" stroke-width="4"/>
    <line x1="300" y1="95" x2="300" y2="380" stroke="#333" stroke-width="4"/>
    <path d="M260 90 Q300 130 340 90" fill="none" stroke="#333" stroke-width="4"/>`,
};

function boot(c: string) {
  return `
    <path d="M220 80 L340 80 L350 280 L470 300 Q500 310 495 350 L490 380 L190 380 L200 280 Z" fill="${c}" stroke="#333" stroke-width="4"/>
    <rect x="185" y="370" width="315" height="24" rx="8" fill="#333"/>
    <rect x="215" y="140" width="130" height="16" rx="6" fill="#444"/>
    <rect x="215" y="200" width="135" height="16" rx="6" fill="#444"/>`;
}

/** A child's size is drawn at three quarters, standing on the same snow. */
export function drawGear(
  categoryCode: string,
  colourName: string,
  { junior = false }: { junior?: boolean } = {},
): string {
  const colour = COLOURS[colourName] ?? '#1d70b8';
  const drawn = (SHAPES[categoryCode] ?? SHAPES.SKI!)(colour);
  const shape = junior
    ? `<g transform="translate(300 400) scale(0.75) translate(-300 -400)">${drawn}</g>`
    : drawn;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450" viewBox="0 0 600 450">
  <defs>
    <linearGradient id="snow" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#ffffff"/>
    </linearGradient>
    <linearGradient id="lens" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f59e0b"/><stop offset="0.5" stop-color="#a855f7"/><stop offset="1" stop-color="#0ea5e9"/>
    </linearGradient>
  </defs>
  <rect width="600" height="450" fill="url(#snow)"/>
  <path d="M0 380 Q150 340 300 370 T600 360 L600 450 L0 450 Z" fill="#ffffff" opacity="0.9"/>
  ${shape}
</svg>`;
}

/** The colour each kind of gear is drawn in on a pack's picture. */
const PACK_COLOURS: Record<string, string> = {
  SKI: '蓝色',
  SB: '红色',
  SBT: '黑色',
  BBT: '黑色',
  POLE: '黄色',
  HLM: '红色',
  GOG: '黑色',
  PRO: '绿色',
  WEAR: '蓝色',
};

/** A pack level's sky: green for a beginner's, gold for a premium one, blue otherwise. */
function packSky(name: string): [string, string] {
  if (name.includes('入门')) return ['#bbf7d0', '#f0fdf4'];
  if (name.includes('高端')) return ['#fde68a', '#fffbeb'];
  return ['#bfdbfe', '#eff6ff'];
}

/**
 * A pack's picture: each kind of gear it holds, drawn side by side (two rows where it holds
 * more than three) on a sky whose colour says the level.
 */
export function drawPack(name: string, categoryCodes: string[]): string {
  const n = categoryCodes.length;
  const columns = n === 4 ? 2 : Math.min(n, 3);
  const rows = Math.ceil(n / columns);
  const cellW = 600 / columns;
  const cellH = 450 / rows;
  const scale = Math.min(cellW / 600, cellH / 450);
  const parts = categoryCodes.map((code, i) => {
    // A last row that is not full stands in the middle.
    const inRow = Math.floor(i / columns) === rows - 1 ? n - (rows - 1) * columns : columns;
    const x = (i % columns) * cellW + (600 - inRow * cellW) / 2 + (cellW - 600 * scale) / 2;
    const y = Math.floor(i / columns) * cellH + (cellH - 450 * scale) / 2;
    const drawn = (SHAPES[code] ?? SHAPES.SKI!)(COLOURS[PACK_COLOURS[code] ?? '蓝色']!);
    return `<g transform="translate(${x} ${y}) scale(${scale})">${drawn}</g>`;
  });
  const [top, bottom] = packSky(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450" viewBox="0 0 600 450">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    <linearGradient id="lens" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f59e0b"/><stop offset="0.5" stop-color="#a855f7"/><stop offset="1" stop-color="#0ea5e9"/>
    </linearGradient>
  </defs>
  <rect width="600" height="450" fill="url(#sky)"/>
  ${parts.join('\n  ')}
</svg>`;
}
