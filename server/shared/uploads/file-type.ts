// Recognises an uploaded file by its content, never by its name (SPEC: "checks type by content").
// The `file-type` package reads the signatures, and for ZIP-based Office files the main part's type
// in [Content_Types].xml, which is also what tells a macro-enabled file (.docm, .pptm) from a plain one.
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { uploadKinds } from '../../../contract/upload-kinds.ts';

export interface DetectedType {
  mime: string;
  ext: string;
}

// Every type some upload kind takes (the kind itself is checked by the caller); SVG is not among
// them on purpose (decision 073).
const accepted = new Set<string>(Object.values(uploadKinds).flatMap((kind) => kind.types));

const bmpHeaderSizes = new Set([12, 40, 52, 56, 64, 108, 124]);

/**
 * file-type takes any file starting 'BM' for a bitmap, and so would plain text that starts with the
 * word: a real one has two reserved zero words and a DIB header of a known size.
 */
async function isPlausibleBitmap(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(18);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.readUInt32LE(6) === 0 && bmpHeaderSizes.has(head.readUInt32LE(14));
  } finally {
    await handle.close();
  }
}

/**
 * The type of the file at `path` judged by its bytes, or undefined when it is none we accept.
 * `originalName` only separates the legacy Word and PowerPoint formats, which share one container.
 */
export async function detectFileType(path: string, originalName: string): Promise<DetectedType | undefined> {
  const found = await fileTypeFromFile(path);
  if (!found) return undefined;
  if (found.mime === 'application/x-cfb') {
    // Compound files also hold spreadsheets and installers; the legacy .doc/.ppt name decides.
    if (/\.doc$/i.test(originalName)) return { mime: 'application/msword', ext: 'doc' };
    if (/\.(ppt|pps)$/i.test(originalName)) return { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' };
    return undefined;
  }
  if (!accepted.has(found.mime)) return undefined;
  if (found.mime === 'image/bmp' && !(await isPlausibleBitmap(path))) return undefined;
  return { mime: found.mime, ext: found.ext };
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
