// A PDF as a reader sees it, for tests, through pdf.js: every page's text, lines joined by spaces (it
// reads the fonts' ToUnicode maps, so Cyrillic comes out as letters), the document itself, its images.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function textOf(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const document = await task.promise;
  const parts: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return parts.join('\n').replace(/\s+/g, ' ');
}

/** Reads a PDF with pdf.js for tests that look at more than its text (pages, title, images). */
export async function withPdf<T>(pdf: Uint8Array, read: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  try {
    return await read(await task.promise);
  } finally {
    await task.destroy();
  }
}

/** Every image drawn on the PDF's pages as RGBA pixels, decoded by pdf.js whatever filter stores it. */
export async function imagesOf(pdf: Uint8Array): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }[]> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return withPdf(pdf, async (document) => {
    const images: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const page = await document.getPage(n);
      const operators = await page.getOperatorList();
      for (let i = 0; i < operators.fnArray.length; i += 1) {
        if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
        const name = operators.argsArray[i][0] as string;
        const image = (await new Promise((resolve) => page.objs.get(name, resolve))) as {
          width: number;
          height: number;
          data: Uint8ClampedArray;
          kind: number;
        };
        images.push({ width: image.width, height: image.height, rgba: toRgba(image) });
      }
    }
    return images;
  });
}

// pdf.js hands images over as 1 bit grey, 3 bytes RGB or 4 bytes RGBA a pixel (its ImageKind 1, 2, 3).
function toRgba(image: { width: number; height: number; data: Uint8ClampedArray; kind: number }): Uint8ClampedArray {
  const pixels = image.width * image.height;
  if (image.kind === 3) return image.data;
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i += 1) {
    let value: [number, number, number];
    if (image.kind === 2) value = [image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!];
    else {
      const rowBytes = Math.ceil(image.width / 8);
      const x = i % image.width;
      const y = Math.floor(i / image.width);
      const bit = (image.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      value = bit ? [255, 255, 255] : [0, 0, 0];
    }
    rgba.set([...value, 255], i * 4);
  }
  return rgba;
}
