// Test helpers: a minimal PNG reader (chunk walk + CRC check + IDAT inflate) and pixel probes.
import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  chunks: string[];
  /** Raw scanlines after inflate (filter byte + row bytes per row). */
  raw: Buffer;
}

/** Parses a PNG strictly: signature, every chunk's CRC, IHDR first, IEND last. Throws if invalid. */
export function readPng(png: Buffer): PngInfo {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('bad PNG signature');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let off = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colorType = 0;
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    const crc = png.readUInt32BE(off + 8 + len);
    if (crc32(png.subarray(off + 4, off + 8 + len)) !== crc) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitDepth = data[8]!;
      colorType = data[9]!;
    }
    if (type === 'IDAT') idat.push(data);
    chunks.push(type);
    off += 12 + len;
  }
  if (chunks[0] !== 'IHDR' || chunks[chunks.length - 1] !== 'IEND')
    throw new Error(`bad chunk order ${chunks.join(',')}`);
  return { width, height, bitDepth, colorType, chunks, raw: inflateSync(Buffer.concat(idat)) };
}

export type RGB = [number, number, number];

export function pixelAt(pixels: Buffer, width: number, x: number, y: number): RGB {
  const i = (Math.round(y) * width + Math.round(x)) * 4;
  return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
}

export function hex(color: string): RGB {
  const v = parseInt(color.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** `top` drawn with `alpha` over `bottom`. */
export function over(top: RGB, alpha: number, bottom: RGB): RGB {
  return top.map((c, i) => Math.round(c * alpha + bottom[i]! * (1 - alpha))) as RGB;
}

export function distance(a: RGB, b: RGB): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}
