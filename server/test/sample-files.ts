// Tiny but genuine files of each accepted type, made in memory for upload tests.
import { crc32, deflateRawSync } from 'node:zlib';

/** A 1x1 PNG. */
const png = () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A 1x1 JPEG. */
const jpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
    'base64',
  );
const gif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const webp = () => {
  const body = Buffer.from('WEBPVP8 ', 'latin1');
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body, Buffer.alloc(4)]);
};
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const ole2 = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

/** A valid ZIP archive holding these entries: a bare name holds 'x', a pair holds its text. */
export function zipWith(entries: (string | [name: string, text: string])[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const [name, text] = typeof entry === 'string' ? [entry, 'x'] : entry;
    const nameBytes = Buffer.from(name, 'utf8');
    const plain = Buffer.from(text, 'utf8');
    const data = deflateRawSync(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(plain), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(plain), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An Office file's `[Content_Types].xml` entry naming its main part's type. */
function contentTypes(mainPart: string, type: string): [string, string] {
  return [
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${type}"/></Types>`,
  ];
}

const docx = () =>
  zipWith([
    contentTypes('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    '_rels/.rels',
    'word/document.xml',
  ]);
const pptx = () =>
  zipWith([
    contentTypes('ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'),
    '_rels/.rels',
    'ppt/presentation.xml',
  ]);
/** Word and PowerPoint files with macros: their main part's type says so, and they carry the VBA project. */
const docm = () =>
  zipWith([
    contentTypes('word/document.xml', 'application/vnd.ms-word.document.macroEnabled.main+xml'),
    '_rels/.rels',
    'word/document.xml',
    'word/vbaProject.bin',
  ]);
const pptm = () =>
  zipWith([
    contentTypes('ppt/presentation.xml', 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml'),
    '_rels/.rels',
    'ppt/presentation.xml',
    'ppt/vbaProject.bin',
  ]);

/** A 1x1 24-bit BMP: file header, BITMAPINFOHEADER, one padded row. */
const bmp = () => {
  const file = Buffer.alloc(58);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(58, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(1, 18);
  file.writeInt32LE(1, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(4, 34);
  file.set([0x00, 0x00, 0xff], 54);
  return file;
};
/** A 1x1 32-bit ICO: directory of one entry, then its BMP (height doubled for the AND mask). */
const ico = () => {
  const file = Buffer.alloc(6 + 16 + 40 + 4 + 4);
  file.writeUInt16LE(1, 2);
  file.writeUInt16LE(1, 4);
  file.set([1, 1, 0, 0], 6);
  file.writeUInt16LE(1, 10);
  file.writeUInt16LE(32, 12);
  file.writeUInt32LE(48, 14);
  file.writeUInt32LE(22, 18);
  file.writeUInt32LE(40, 22);
  file.writeInt32LE(1, 26);
  file.writeInt32LE(2, 30);
  file.writeUInt16LE(1, 34);
  file.writeUInt16LE(32, 36);
  file.set([0x00, 0x00, 0xff, 0xff], 62);
  return file;
};
/** A 1x1 AVIF (encoded by sharp/libavif). */
const avif = () =>
  Buffer.from(
    'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAACQAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAEAAAABAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAsbWRhdBIACgc4AAaQENBpMhcZQmMEwAA0AACQQMkcYUuNGtYQVLH7IA==',
    'base64',
  );

export const sampleFiles = { png, jpeg, gif, webp, avif, bmp, ico, pdf, ole2, docx, pptx, docm, pptm };
