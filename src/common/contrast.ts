// Colour contrast as WCAG 2.1 defines it (relative luminance, (L1 + 0.05) / (L2 + 0.05)), for the
// tenant's menu theme colours (spec §3): a pair of text and background below 4.5:1 is reported
// when the platform configuration is saved.

export type Rgba = [r: number, g: number, b: number, a: number];

/** #rgb, #rrggbb, #rrggbbaa, rgb(…) or rgba(…); null for anything else (a colour name, a gradient). */
export function parseColour(text: string | null | undefined): Rgba | null {
  const s = (text ?? "").trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(s);
  if (m) return [...[...m[1]].map((c) => parseInt(c + c, 16)), 1] as Rgba;
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(s);
  if (m) return [parseInt(m[1].slice(0, 2), 16), parseInt(m[1].slice(2, 4), 16), parseInt(m[1].slice(4, 6), 16), m[2] ? parseInt(m[2], 16) / 255 : 1];
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(s);
  if (m) {
    const alpha = m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), Math.min(1, Math.max(0, alpha))];
  }
  return null;
}

/** `top` painted over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of an opaque foreground and background (1 to 21). */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

export interface MenuTheme {
  menuBackGroundColor?: string | null;
  menuTextColor?: string | null;
  menuTextHighColor?: string | null;
  menuTextHighSelBgColor?: string | null;
  chooseHoverColor?: string | null;
  placeholderColor?: string | null;
}

/** The menu's colours when the tenant sets none (antd's dark menu, the product's primary). */
export const MENU_THEME_DEFAULTS: Required<{ [K in keyof MenuTheme]: string }> = {
  menuBackGroundColor: "#001529",
  menuTextColor: "rgba(255, 255, 255, 0.65)",
  menuTextHighColor: "#ffffff",
  menuTextHighSelBgColor: "#1668dc",
  chooseHoverColor: "rgba(255, 255, 255, 0.08)",
  placeholderColor: "rgba(255, 255, 255, 0.5)",
};

export interface ContrastProblem {
  /** The text colour's field and the background's. */
  text: keyof MenuTheme;
  background: keyof MenuTheme;
  ratio: number;
}

/** Text and background pairs the menu shows, below 4.5:1; colours that cannot be read are skipped. */
export function menuThemeContrastProblems(theme: MenuTheme, minimum = 4.5): ContrastProblem[] {
  const colour = (k: keyof MenuTheme) => parseColour(theme[k] || MENU_THEME_DEFAULTS[k]);
  const menu = colour("menuBackGroundColor");
  if (!menu) return [];
  const opaque = menu[3] < 1 ? over(menu, [255, 255, 255, 1]) : menu;
  const layer = (k: keyof MenuTheme) => {
    const c = colour(k);
    return c ? over(c, opaque) : null;
  };
  const pairs: [keyof MenuTheme, keyof MenuTheme, Rgba | null][] = [
    ["menuTextColor", "menuBackGroundColor", opaque],
    ["placeholderColor", "menuBackGroundColor", opaque],
    ["menuTextHighColor", "menuTextHighSelBgColor", layer("menuTextHighSelBgColor")],
    ["menuTextHighColor", "chooseHoverColor", layer("chooseHoverColor")],
  ];
  const out: ContrastProblem[] = [];
  for (const [text, background, bg] of pairs) {
    const fg = colour(text);
    if (!fg || !bg) continue;
    const ratio = contrastRatio(over(fg, bg), bg);
    if (ratio < minimum) out.push({ text, background, ratio: Math.floor(ratio * 10) / 10 });
  }
  return out;
}
