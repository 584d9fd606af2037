// A PDF's text as a reader sees it, for tests: every page's text, lines joined by spaces (pdf.js reads
// the fonts' ToUnicode maps, so Cyrillic comes out as letters).
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
