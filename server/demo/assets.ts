/**
 * Media generated in code for the demo tools: a PNG encoder and a WAV tone
 * generator. Everything is built from bytes on the fly so the demo server
 * ships no binary fixtures and needs no image/audio dependencies.
 */
import { deflateSync } from 'node:zlib';

/** Colour themes accepted by `generate_image`. */
export const IMAGE_COLORS = ['rainbow', 'red', 'green', 'blue', 'purple', 'orange'] as const;
export type ImageColor = (typeof IMAGE_COLORS)[number];

type Rgb = readonly [number, number, number];

// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) lookup table, as PNG requires per chunk.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `bytes`, as used in PNG chunk trailers. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes an 8-bit RGB PNG whose pixels come from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3 + 1; // +1: each scanline starts with a filter-type byte
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter "None": simplest, and deflate still compresses gradients well
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const offset = y * stride + 1 + x * 3;
      raw[offset] = r;
      raw[offset + 1] = g;
      raw[offset + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const BASE_HUES: Record<Exclude<ImageColor, 'rainbow'>, number> = {
  red: 0,
  orange: 30,
  green: 130,
  blue: 215,
  purple: 280,
};

function hsvToRgb(hue: number, saturation: number, value: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = value * saturation;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = value - c;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/**
 * A gradient with soft concentric rings, so that the rendered preview makes
 * size and aspect ratio obvious at a glance.
 */
export function generatePatternPng(width: number, height: number, color: ImageColor): Buffer {
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const ringSpacing = Math.max(4, Math.min(width, height) / 6);
  return encodePng(width, height, (x, y) => {
    const distance = Math.hypot(x - cx, y - cy);
    const ring = 0.5 + 0.5 * Math.cos((distance / ringSpacing) * Math.PI);
    const hue =
      color === 'rainbow' ? (x / width) * 360 + (y / height) * 60 : BASE_HUES[color] + (y / height) * 25;
    const saturation = 0.55 + 0.45 * ring;
    const value = 0.6 + 0.4 * (1 - y / height) * (0.6 + 0.4 * ring);
    return hsvToRgb(hue, saturation, value);
  });
}

/** Options for {@link generateSineWav}. */
export interface SineWavOptions {
  frequency: number;
  durationMs?: number;
  sampleRate?: number;
}

/** A mono 16-bit PCM WAV containing a sine tone (defaults: 0.5 s at 8 kHz). */
export function generateSineWav({ frequency, durationMs = 500, sampleRate = 8000 }: SineWavOptions): Buffer {
  const sampleCount = Math.round((sampleRate * durationMs) / 1000);
  const dataBytes = sampleCount * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size for PCM
  wav.writeUInt16LE(1, 20); // audio format: PCM
  wav.writeUInt16LE(1, 22); // channels: mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  // Short linear fades avoid the audible click of starting/stopping mid-wave.
  const fadeSamples = Math.max(1, Math.min(Math.round(sampleRate * 0.01), Math.floor(sampleCount / 2)));
  for (let i = 0; i < sampleCount; i++) {
    const envelope = Math.min(1, i / fadeSamples, (sampleCount - 1 - i) / fadeSamples);
    const sample = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * envelope * 0.6;
    wav.writeInt16LE(Math.round(sample * 32767), 44 + i * 2);
  }
  return wav;
}
