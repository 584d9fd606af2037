import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFileType, safeDisplayName } from './file-type.ts';
import { sampleFiles, zipWith } from '../../test/sample-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'profiles-types-'));
async function detect(bytes: Buffer, name = 'file.bin') {
  const file = path.join(dir, `${Math.random()}`);
  writeFileSync(file, bytes);
  return detectFileType(file, name);
}

describe('detectFileType', () => {
  it.each([
    ['png', sampleFiles.png(), 'image/png'],
    ['jpeg', sampleFiles.jpeg(), 'image/jpeg'],
    ['gif', sampleFiles.gif(), 'image/gif'],
    ['webp', sampleFiles.webp(), 'image/webp'],
    ['avif', sampleFiles.avif(), 'image/avif'],
    ['bmp', sampleFiles.bmp(), 'image/bmp'],
    ['ico', sampleFiles.ico(), 'image/x-icon'],
    ['pdf', sampleFiles.pdf(), 'application/pdf'],
    ['docx', sampleFiles.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['pptx', sampleFiles.pptx(), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('recognises %s by its bytes whatever the name', async (_label, bytes, mime) => {
    expect((await detect(bytes, 'misleading.txt'))?.mime).toBe(mime);
  });

  it('tells legacy Word from PowerPoint by name only inside a compound file', async () => {
    expect((await detect(sampleFiles.ole2(), 'cv.doc'))?.mime).toBe('application/msword');
    expect((await detect(sampleFiles.ole2(), 'talk.ppt'))?.mime).toBe('application/vnd.ms-powerpoint');
    expect(await detect(sampleFiles.ole2(), 'sheet.xls')).toBeUndefined();
  });

  it.each([
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png'],
    ['HTML named .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png'],
    ['plain text named .pdf', Buffer.from('hello world, not a pdf'), 'x.pdf'],
    ['an empty file', Buffer.alloc(0), 'x.jpg'],
    ['a ZIP that is no Office file', zipWith(['readme.txt']), 'x.docx'],
    ['text that starts like a BMP', Buffer.from('BM is a band name, not a bitmap header at all'), 'x.bmp'],
    [
      'a HEIC photo (an ISO media file of another brand)',
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]),
      'x.avif',
    ],
    ['an executable', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'x.pdf'],
    ['a macro-enabled Word file named .docx', sampleFiles.docm(), 'cv.docx'],
    ['a macro-enabled PowerPoint file named .pptx', sampleFiles.pptm(), 'talk.pptx'],
    ['an Office file whose types list names no main part', zipWith(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']), 'cv.docx'],
  ])('refuses %s', async (_label, bytes, name) => {
    expect(await detect(bytes, name)).toBeUndefined();
  });
});

describe('safeDisplayName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['cv "final".pdf', 'cv final.pdf'],
    ['a\u0000b\nc.pdf', 'abc.pdf'],
    ['...', 'file'],
    ['', 'file'],
    ['Резюме.pdf', 'Резюме.pdf'],
  ])('turns %j into %j', (input, output) => {
    expect(safeDisplayName(input)).toBe(output);
  });
});
