// Pin and avatar pictures for the demo, drawn as SVG and rasterised locally by sharp: the seed
// must never download anything. Each picture is a pure function of its spec, so the demo's
// images (and their sha256s) are the same on every run.
import { Random } from './random.ts';

export type ArtStyle =
  'plate' | 'landscape' | 'room' | 'arches' | 'swatches' | 'leaves' | 'grain' | 'shapes' | 'jars';

export interface ArtSpec {
  style: ArtStyle;
  /** Five colours; styles use the first as the backdrop. */
  palette: readonly string[];
  width: number;
  height: number;
  /** Drives every random choice in the drawing. */
  seed: number;
}

type Painter = (r: Random, w: number, h: number, p: readonly string[]) => string;

export function pinSvg(spec: ArtSpec): string {
  const r = new Random(spec.seed);
  const palette = spec.palette.map((color) => jitter(color, r));
  const body = PAINTERS[spec.style](r, spec.width, spec.height, palette);
  return svg(spec.width, spec.height, body);
}

/** A round avatar: soft backdrop, two overlapping discs and a ring, in the person's colours. */
export function avatarSvg(palette: readonly string[], seed: number, size = 320): string {
  const r = new Random(seed);
  const [bg, a, b, c] = [
    color(palette, 0),
    color(palette, 1),
    color(palette, 2),
    color(palette, 3),
  ];
  const half = size / 2;
  const body = [
    `<rect width="${size}" height="${size}" fill="${bg}"/>`,
    `<circle cx="${n(half * r.between(0.7, 0.9))}" cy="${n(half * r.between(0.8, 1.0))}" r="${n(size * 0.3)}" fill="${a}"/>`,
    `<circle cx="${n(half * r.between(1.1, 1.3))}" cy="${n(half * r.between(1.0, 1.2))}" r="${n(size * 0.26)}" fill="${b}" fill-opacity="0.85"/>`,
    `<circle cx="${half}" cy="${half}" r="${n(size * 0.42)}" fill="none" stroke="${c}" stroke-width="${n(size * 0.04)}"/>`,
  ].join('');
  return svg(size, size, body);
}

const PAINTERS: Record<ArtStyle, Painter> = {
  plate(r, w, h, p) {
    const cx = w * r.between(0.42, 0.58);
    const cy = h * r.between(0.4, 0.6);
    const radius = Math.min(w, h) * r.between(0.3, 0.4);
    const parts = [backdrop(r, w, h, color(p, 0), color(p, 4)), tablecloth(r, w, h, color(p, 4))];
    parts.push(
      `<circle cx="${n(cx + radius * 0.06)}" cy="${n(cy + radius * 0.08)}" r="${n(radius)}" fill="#000" fill-opacity="0.12"/>`,
    );
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="#fbfaf6"/>`);
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.8)}" fill="none" stroke="#e9e4da" stroke-width="${n(radius * 0.03)}"/>`,
    );
    const pieces = r.int(7, 16);
    for (let i = 0; i < pieces; i++) {
      const angle = r.between(0, Math.PI * 2);
      const distance = radius * 0.55 * Math.sqrt(r.float());
      const size = radius * r.between(0.1, 0.28);
      parts.push(
        `<ellipse cx="${n(cx + Math.cos(angle) * distance)}" cy="${n(cy + Math.sin(angle) * distance)}" rx="${n(size)}" ry="${n(size * r.between(0.6, 1))}" transform="rotate(${n(r.between(0, 180))} ${n(cx)} ${n(cy)})" fill="${color(p, r.int(1, 3))}"/>`,
      );
    }
    for (let i = r.int(3, 7); i > 0; i--) {
      const angle = r.between(0, Math.PI * 2);
      const distance = radius * 0.5 * r.float();
      parts.push(
        `<circle cx="${n(cx + Math.cos(angle) * distance)}" cy="${n(cy + Math.sin(angle) * distance)}" r="${n(radius * 0.04)}" fill="#5a8f3c"/>`,
      );
    }
    const forkX = cx + radius * 1.18 > w - 20 ? cx - radius * 1.3 : cx + radius * 1.15;
    parts.push(
      `<rect x="${n(forkX)}" y="${n(cy - radius * 0.9)}" width="${n(radius * 0.09)}" height="${n(radius * 1.8)}" rx="${n(radius * 0.045)}" fill="#c9c5bd"/>`,
    );
    return parts.join('');
  },

  landscape(r, w, h, p) {
    const horizon = h * r.between(0.45, 0.62);
    const parts = [
      linear('sky', color(p, 0), color(p, 3), 90),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    ];
    parts.push(
      `<circle cx="${n(w * r.between(0.2, 0.8))}" cy="${n(horizon * r.between(0.3, 0.75))}" r="${n(w * r.between(0.07, 0.14))}" fill="${color(p, 3)}" fill-opacity="0.9"/>`,
    );
    const layers = r.int(3, 4);
    for (let layer = 0; layer < layers; layer++) {
      const base = horizon + (h - horizon) * (layer / layers) * 0.8;
      const peak = base - h * r.between(0.08, 0.25) * (1 - layer / (layers + 1));
      const points: string[] = [`0,${n(h)}`, `0,${n(base)}`];
      const steps = r.int(4, 7);
      for (let i = 1; i < steps; i++) {
        const y = i % 2 === 1 ? peak + r.between(0, h * 0.06) : base - r.between(0, h * 0.04);
        points.push(`${n((w * i) / steps)},${n(y)}`);
      }
      points.push(`${w},${n(base)}`, `${w},${n(h)}`);
      parts.push(
        `<polygon points="${points.join(' ')}" fill="${color(p, 1 + (layer % 3))}" fill-opacity="${n(0.55 + 0.15 * layer)}"/>`,
      );
    }
    if (r.chance(0.5)) {
      const sea = h * r.between(0.75, 0.85);
      parts.push(`<rect y="${n(sea)}" width="${w}" height="${n(h - sea)}" fill="${color(p, 2)}"/>`);
      for (let i = r.int(4, 8); i > 0; i--) {
        const y = sea + (h - sea) * r.float();
        const x = w * r.float() * 0.7;
        parts.push(
          `<rect x="${n(x)}" y="${n(y)}" width="${n(w * r.between(0.08, 0.3))}" height="${n(h * 0.004 + 1)}" fill="#ffffff" fill-opacity="0.45"/>`,
        );
      }
    }
    return parts.join('');
  },

  room(r, w, h, p) {
    const floor = h * r.between(0.62, 0.74);
    const parts = [
      `<rect width="${w}" height="${n(floor)}" fill="${color(p, 0)}"/>`,
      `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="${color(p, 3)}"/>`,
    ];
    const frameW = w * r.between(0.2, 0.35);
    const frameX = w * r.between(0.1, 0.9) - frameW / 2;
    parts.push(
      `<rect x="${n(frameX)}" y="${n(floor * r.between(0.15, 0.3))}" width="${n(frameW)}" height="${n(frameW * r.between(0.7, 1.3))}" fill="${color(p, 1)}" stroke="${color(p, 4)}" stroke-width="${n(w * 0.012)}"/>`,
    );
    const sofaW = w * r.between(0.5, 0.75);
    const sofaX = (w - sofaW) * r.float();
    const sofaH = h * 0.12;
    const seat = floor - sofaH * 0.2;
    parts.push(
      `<rect x="${n(sofaX)}" y="${n(seat - sofaH * 1.4)}" width="${n(sofaW)}" height="${n(sofaH * 1.1)}" rx="${n(sofaH * 0.25)}" fill="${color(p, 4)}"/>`,
    );
    parts.push(
      `<rect x="${n(sofaX - sofaW * 0.04)}" y="${n(seat - sofaH * 0.5)}" width="${n(sofaW * 1.08)}" height="${n(sofaH * 0.7)}" rx="${n(sofaH * 0.2)}" fill="${color(p, 2)}"/>`,
    );
    for (let i = r.int(1, 3); i > 0; i--) {
      parts.push(
        `<rect x="${n(sofaX + sofaW * r.between(0.05, 0.8))}" y="${n(seat - sofaH * 1.05)}" width="${n(sofaW * 0.14)}" height="${n(sofaH * 0.55)}" rx="${n(sofaH * 0.1)}" fill="${color(p, r.int(0, 1))}"/>`,
      );
    }
    const lampX = r.chance(0.5) ? w * 0.1 : w * 0.9;
    parts.push(
      `<rect x="${n(lampX - 2)}" y="${n(floor * 0.35)}" width="4" height="${n(floor * 0.65)}" fill="${color(p, 4)}"/>`,
    );
    parts.push(
      `<path d="M${n(lampX - w * 0.07)} ${n(floor * 0.37)} L${n(lampX + w * 0.07)} ${n(floor * 0.37)} L${n(lampX + w * 0.04)} ${n(floor * 0.27)} L${n(lampX - w * 0.04)} ${n(floor * 0.27)} Z" fill="${color(p, 1)}"/>`,
    );
    parts.push(
      `<ellipse cx="${n(w / 2)}" cy="${n(floor + (h - floor) * 0.55)}" rx="${n(w * 0.38)}" ry="${n((h - floor) * 0.22)}" fill="${color(p, 1)}" fill-opacity="0.6"/>`,
    );
    return parts.join('');
  },

  arches(r, w, h, p) {
    const parts = [backdrop(r, w, h, color(p, 0), color(p, 1))];
    const count = r.int(2, 4);
    for (let i = 0; i < count; i++) {
      const archW = w * r.between(0.25, 0.45);
      const x = (w - archW) * r.float();
      const top = h * r.between(0.12, 0.45);
      const bottom = h * r.between(0.75, 0.95);
      const radius = archW / 2;
      parts.push(
        `<path d="M${n(x)} ${n(bottom)} L${n(x)} ${n(top + radius)} A${n(radius)} ${n(radius)} 0 0 1 ${n(x + archW)} ${n(top + radius)} L${n(x + archW)} ${n(bottom)} Z" fill="${color(p, 1 + ((i + r.int(0, 3)) % 4))}" fill-opacity="0.9"/>`,
      );
    }
    parts.push(
      `<circle cx="${n(w * r.between(0.2, 0.8))}" cy="${n(h * r.between(0.7, 0.85))}" r="${n(w * r.between(0.06, 0.12))}" fill="${color(p, 4)}"/>`,
    );
    parts.push(
      `<rect y="${n(h * 0.92)}" width="${w}" height="${n(h * 0.08)}" fill="${color(p, 3)}"/>`,
    );
    return parts.join('');
  },

  swatches(r, w, h, p) {
    const horizontal = r.chance(0.5);
    const parts: string[] = [];
    const weights = p.map(() => r.between(0.6, 1.6));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let offset = 0;
    weights.forEach((weight, i) => {
      const span = ((horizontal ? h : w) * weight) / total;
      parts.push(
        horizontal
          ? `<rect y="${n(offset)}" width="${w}" height="${n(span + 1)}" fill="${color(p, i)}"/>`
          : `<rect x="${n(offset)}" width="${n(span + 1)}" height="${h}" fill="${color(p, i)}"/>`,
      );
      offset += span;
    });
    parts.push(
      `<circle cx="${n(w * r.between(0.3, 0.7))}" cy="${n(h * r.between(0.3, 0.7))}" r="${n(Math.min(w, h) * r.between(0.12, 0.22))}" fill="#fffdf8" fill-opacity="0.85"/>`,
    );
    return parts.join('');
  },

  leaves(r, w, h, p) {
    const parts = [backdrop(r, w, h, color(p, 4), color(p, 0))];
    const count = r.int(12, 22);
    for (let i = 0; i < count; i++) {
      const x = w * r.float();
      const y = h * r.float();
      const length = Math.min(w, h) * r.between(0.12, 0.3);
      const angle = r.between(0, 360);
      const fill = color(p, r.int(0, 3));
      parts.push(
        `<g transform="rotate(${n(angle)} ${n(x)} ${n(y)})"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(length)}" ry="${n(length * r.between(0.28, 0.45))}" fill="${fill}" fill-opacity="${n(r.between(0.7, 1))}"/><rect x="${n(x - length)}" y="${n(y - 1)}" width="${n(length * 2)}" height="2" fill="#ffffff" fill-opacity="0.35"/></g>`,
      );
    }
    if (r.chance(0.6)) {
      for (let i = r.int(2, 5); i > 0; i--) {
        parts.push(
          `<circle cx="${n(w * r.float())}" cy="${n(h * r.float())}" r="${n(Math.min(w, h) * r.between(0.03, 0.06))}" fill="${color(p, 4)}"/>`,
        );
      }
    }
    return parts.join('');
  },

  grain(r, w, h, p) {
    const parts = [backdrop(r, w, h, color(p, 4), color(p, 3))];
    const inset = Math.min(w, h) * r.between(0.08, 0.14);
    const bw = w - inset * 2;
    const bh = h - inset * 2;
    parts.push(
      `<rect x="${n(inset + 8)}" y="${n(inset + 10)}" width="${n(bw)}" height="${n(bh)}" rx="${n(inset * 0.4)}" fill="#000" fill-opacity="0.18"/>`,
    );
    parts.push(
      `<clipPath id="board"><rect x="${n(inset)}" y="${n(inset)}" width="${n(bw)}" height="${n(bh)}" rx="${n(inset * 0.4)}"/></clipPath>`,
    );
    const lines: string[] = [
      `<rect x="${n(inset)}" y="${n(inset)}" width="${n(bw)}" height="${n(bh)}" fill="${color(p, 1)}"/>`,
    ];
    if (r.chance(0.4)) {
      // End grain: a chequer of blocks in two tones.
      const size = bw / r.int(4, 7);
      for (let y = inset; y < inset + bh; y += size) {
        for (let x = inset; x < inset + bw; x += size) {
          lines.push(
            `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" fill="${color(p, r.int(0, 3))}" fill-opacity="${n(r.between(0.5, 1))}"/>`,
          );
        }
      }
    } else {
      for (let i = r.int(18, 32); i > 0; i--) {
        const x = inset + bw * r.float();
        const sway = bw * r.between(0.02, 0.08);
        lines.push(
          `<path d="M${n(x)} ${n(inset)} Q${n(x + sway)} ${n(inset + bh / 3)} ${n(x)} ${n(inset + bh / 2)} T${n(x)} ${n(inset + bh)}" fill="none" stroke="${color(p, r.chance(0.5) ? 0 : 2)}" stroke-width="${n(r.between(1, 5))}" stroke-opacity="0.55"/>`,
        );
      }
      for (let i = r.int(0, 2); i > 0; i--) {
        lines.push(
          `<ellipse cx="${n(inset + bw * r.float())}" cy="${n(inset + bh * r.float())}" rx="${n(bw * 0.03)}" ry="${n(bh * 0.05)}" fill="${color(p, 0)}" fill-opacity="0.8"/>`,
        );
      }
    }
    parts.push(`<g clip-path="url(#board)">${lines.join('')}</g>`);
    return parts.join('');
  },

  shapes(r, w, h, p) {
    const parts = [backdrop(r, w, h, color(p, 3), color(p, 4))];
    for (let i = r.int(3, 6); i > 0; i--) {
      const size = Math.min(w, h) * r.between(0.12, 0.35);
      const x = w * r.float();
      const y = h * r.float();
      parts.push(
        r.chance(0.5)
          ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size)}" fill="${color(p, r.int(0, 2))}"/>`
          : `<path d="M${n(x - size)} ${n(y)} A${n(size)} ${n(size)} 0 0 1 ${n(x + size)} ${n(y)} Z" fill="${color(p, r.int(0, 2))}"/>`,
      );
    }
    // A tapered-leg table, the era's signature.
    const topY = h * r.between(0.55, 0.7);
    const tableW = w * r.between(0.5, 0.75);
    const tableX = (w - tableW) / 2;
    parts.push(
      `<rect x="${n(tableX)}" y="${n(topY)}" width="${n(tableW)}" height="${n(h * 0.03)}" rx="4" fill="${color(p, 0)}"/>`,
    );
    for (const at of [0.12, 0.88]) {
      const legX = tableX + tableW * at;
      parts.push(
        `<path d="M${n(legX - 6)} ${n(topY)} L${n(legX + 6)} ${n(topY)} L${n(legX + (at < 0.5 ? -18 : 22))} ${n(h * 0.93)} L${n(legX + (at < 0.5 ? -24 : 16))} ${n(h * 0.93)} Z" fill="${color(p, 0)}"/>`,
      );
    }
    return parts.join('');
  },

  jars(r, w, h, p) {
    const parts = [backdrop(r, w, h, color(p, 0), color(p, 4))];
    const shelf = h * r.between(0.7, 0.82);
    parts.push(
      `<rect y="${n(shelf)}" width="${w}" height="${n(h * 0.04)}" fill="${color(p, 4)}"/>`,
    );
    const count = r.int(3, 5);
    const slot = w / count;
    for (let i = 0; i < count; i++) {
      const jarW = slot * r.between(0.55, 0.8);
      const jarH = h * r.between(0.2, 0.42);
      const x = slot * i + (slot - jarW) / 2;
      const y = shelf - jarH;
      parts.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(jarW)}" height="${n(jarH)}" rx="${n(jarW * 0.18)}" fill="#f7f7f2" fill-opacity="0.55" stroke="#ffffff" stroke-width="3"/>`,
      );
      const fill = jarH * r.between(0.45, 0.85);
      parts.push(
        `<rect x="${n(x + 4)}" y="${n(shelf - fill)}" width="${n(jarW - 8)}" height="${n(fill - 4)}" rx="${n(jarW * 0.14)}" fill="${color(p, 1 + (i % 3))}"/>`,
      );
      parts.push(
        `<rect x="${n(x + jarW * 0.1)}" y="${n(y - jarH * 0.1)}" width="${n(jarW * 0.8)}" height="${n(jarH * 0.12)}" rx="4" fill="${color(p, 4)}"/>`,
      );
    }
    return parts.join('');
  },
};

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A diagonal two-colour wash, the base of most styles (at most one per picture). */
function backdrop(r: Random, w: number, h: number, from: string, to: string): string {
  return `${linear('bg', from, to, r.between(30, 150))}<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
}

function linear(id: string, from: string, to: string, angle: number): string {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  return `<defs><linearGradient id="${id}" x1="${n(0.5 - dx)}" y1="${n(0.5 - dy)}" x2="${n(0.5 + dx)}" y2="${n(0.5 + dy)}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

function tablecloth(r: Random, w: number, h: number, stripe: string): string {
  if (!r.chance(0.5)) return '';
  const gap = w * r.between(0.06, 0.12);
  const parts: string[] = [];
  for (let x = -h; x < w + h; x += gap * 2) {
    parts.push(
      `<path d="M${n(x)} 0 L${n(x + gap)} 0 L${n(x + gap + h)} ${h} L${n(x + h)} ${h} Z" fill="${stripe}" fill-opacity="0.18"/>`,
    );
  }
  return parts.join('');
}

function color(palette: readonly string[], index: number): string {
  return palette[index % palette.length] ?? '#888888';
}

/** Two decimals are plenty for pixels and keep the SVG short. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Nudges hue and lightness a little so pins on one board are related but not identical. */
function jitter(hex: string, r: Random): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex(
    (h + r.between(-10, 10) + 360) % 360,
    s,
    Math.min(0.95, Math.max(0.05, l + r.between(-0.08, 0.08))),
  );
}

function hexToHsl(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  const red = ((value >> 16) & 0xff) / 255;
  const green = ((value >> 8) & 0xff) / 255;
  const blue = (value & 0xff) / 255;
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === red) h = (green - blue) / d + (green < blue ? 6 : 0);
  else if (max === green) h = (blue - red) / d + 2;
  else h = (red - green) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (offset: number): number => (offset + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (offset: number): string => {
    const value = l - a * Math.max(-1, Math.min(k(offset) - 3, 9 - k(offset), 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
