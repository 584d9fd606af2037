// Recognises an uploaded file by its content, never by its name (profile issue: "checks type by
// content"). Reads the first bytes, and for ZIP-based Office files the central directory at the end.
import { open } from 'node:fs/promises';

export interface DetectedType {
  mime: string;
  ext: string;
}

const signatures: { mime: string; ext: string; bytes: number[]; offset?: number }[] = [
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { mime: 'image/gif', ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
  { mime: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const ole2Magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(buffer: Buffer, bytes: number[], offset = 0): boolean {
  if (buffer.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buffer[offset + i] === b);
}

/** Entry names of a ZIP file, from its central directory (at most 64 KiB of comment is allowed). */
async function zipEntryNames(file: string, size: number): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return [];
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return [];
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let at = 0;
    while (at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50) {
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}

// The other image formats every current browser shows in <img> (hardening issue, point 10; SPEC §5
// 'any image'). SVG is not among them on purpose: decision 073.
const bmpHeaderSizes = new Set([12, 40, 52, 56, 64, 108, 124]);
const avifBrands = new Set(['avif', 'avis']);

/** BMP, ICO or AVIF from the first bytes; each check reads more than the magic so text rarely passes. */
function detectImageHeader(head: Buffer): DetectedType | undefined {
  // BMP: 'BM', two reserved zero words, then a DIB header of a known size.
  if (
    head.length >= 18 &&
    head.toString('latin1', 0, 2) === 'BM' &&
    head.readUInt32LE(6) === 0 &&
    bmpHeaderSizes.has(head.readUInt32LE(14))
  ) {
    return { mime: 'image/bmp', ext: 'bmp' };
  }
  // ICO: reserved 0, type 1, at least one image whose directory entry has a zero reserved byte and 0 or 1 planes.
  if (
    head.length >= 22 &&
    head.readUInt16LE(0) === 0 &&
    head.readUInt16LE(2) === 1 &&
    head.readUInt16LE(4) > 0 &&
    head[9] === 0 &&
    head.readUInt16LE(10) <= 1
  ) {
    return { mime: 'image/x-icon', ext: 'ico' };
  }
  // AVIF: an ISO media file whose 'ftyp' box names the avif (still) or avis (sequence) brand.
  if (head.length >= 16 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    const brands = [head.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(head.toString('latin1', at, at + 4));
    if (brands.some((brand) => avifBrands.has(brand))) return { mime: 'image/avif', ext: 'avif' };
  }
  return undefined;
}

/**
 * The type of the file at `path` judged by its bytes, or undefined when it is none we accept.
 * `originalName` only separates the legacy Word and PowerPoint formats, which share one container.
 */
export async function detectFileType(path: string, size: number, originalName: string): Promise<DetectedType | undefined> {
  const handle = await open(path, 'r');
  const headBuffer = Buffer.alloc(64);
  let headLength: number;
  try {
    ({ bytesRead: headLength } = await handle.read(headBuffer, 0, headBuffer.length, 0));
  } finally {
    await handle.close();
  }
  const head = headBuffer.subarray(0, headLength);
  for (const signature of signatures) {
    if (startsWith(head, signature.bytes, signature.offset)) return { mime: signature.mime, ext: signature.ext };
  }
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && head.toString('latin1', 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  const image = detectImageHeader(head);
  if (image) return image;
  if (startsWith(head, zipMagic)) {
    const names = await zipEntryNames(path, size);
    if (!names.includes('[Content_Types].xml')) return undefined;
    // Macro-enabled Office files (.docm, .pptm, a .docx renamed from one) carry a VBA project:
    // refused whatever the name (hardening issue, point 6).
    if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return undefined;
    if (names.some((n) => n.startsWith('word/'))) {
      return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
    }
    if (names.some((n) => n.startsWith('ppt/'))) {
      return { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' };
    }
    return undefined;
  }
  if (startsWith(head, ole2Magic)) {
    // Compound files also hold spreadsheets and installers; the legacy .doc/.ppt name decides.
    if (/\.doc$/i.test(originalName)) return { mime: 'application/msword', ext: 'doc' };
    if (/\.(ppt|pps)$/i.test(originalName)) return { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' };
    return undefined;
  }
  return undefined;
}

/** A file name safe to put in Content-Disposition and to show: no path, no control characters. */
export function safeDisplayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}
