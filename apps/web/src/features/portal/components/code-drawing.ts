import { code128, drawingSVG, qrcode } from 'bwip-js/browser';

// The two bwip-js encoders the member's card uses, imported by name so that the bundle carries
// these symbologies only (bwip-js's toSVG reaches every one of them). Loaded with the card.

export type CodeKind = 'code128' | 'qrcode';

const OPTIONS = {
  // Narrow bars of 3 units and a tall symbol; 10 units of white either side (the quiet zone).
  code128: (text: string) => ({
    bcid: 'code128',
    text,
    scale: 3,
    height: 16,
    paddingwidth: 10,
    paddingheight: 3,
  }),
  qrcode: (text: string) => ({
    bcid: 'qrcode',
    text,
    scale: 6,
    eclevel: 'M',
    paddingwidth: 4,
    paddingheight: 4,
  }),
} as const;

/** The code as an SVG data link, black on white. */
export function codeSvgLink(kind: CodeKind, text: string): string {
  const options = { ...OPTIONS[kind](text), backgroundcolor: 'FFFFFF', barcolor: '000000' };
  const svg = kind === 'code128' ? code128(options, drawingSVG()) : qrcode(options, drawingSVG());
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
