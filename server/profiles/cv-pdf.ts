// The CV's page layout (decision 203): a plain A4 document drawn with pdf-lib, DejaVu Sans (which has
// Cyrillic) embedded as a subset, each company-verified job with its mark, its short link (a clickable
// link too) and a QR code of that link. It knows nothing of the database: cv-service.ts hands it the
// words and facts, already in the CV's language.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFString, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

export interface CvEntry {
  title: string;
  /** The line under the title: company or school, and the period. */
  lines: string[];
  /** Free text under it (a project's description). */
  text?: string | null;
  verified?: { mark: string; linkLabel: string; link: string; qrPng: Uint8Array } | null;
}

export interface CvSection {
  heading: string;
  entries?: CvEntry[];
  /** A section of short items in one wrapped paragraph (skills). */
  inline?: string[];
}

export interface CvDocument {
  /** BCP 47, for the PDF's /Lang ('en-GB', 'uk-UA'). */
  language: string;
  title: string;
  name: string;
  headline: string | null;
  contact: string[];
  about: { heading: string; text: string } | null;
  sections: CvSection[];
  footer: string;
  pageLabel: (page: number, total: number) => string;
  createdAt: Date;
}

const require = createRequire(import.meta.url);
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;
/** DejaVu Sans (Bitstream Vera licence and public domain changes; dejavu-fonts-ttf), read once. */
function fonts(): { regular: Uint8Array; bold: Uint8Array } {
  fontBytes ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
}

// A4 in points, and the page's frame.
const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const contentWidth = pageSize[0] - margin * 2;
const ink = rgb(0.11, 0.13, 0.16);
const muted = rgb(0.38, 0.41, 0.46);
const accent = rgb(0.13, 0.33, 0.62);
const verifiedInk = rgb(0.09, 0.45, 0.27);
const rule = rgb(0.82, 0.84, 0.87);
const qrSize = 62;

/** `text` in lines no wider than `width`; a word longer than a line (a web address) is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  readonly pdf: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;

  constructor(pdf: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.pdf = pdf;
    this.regular = regular;
    this.bold = bold;
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  room(height: number): void {
    if (this.y - height < margin + 24) this.newPage();
  }

  text(
    value: string,
    options: { size: number; font?: PDFFont; color?: ReturnType<typeof rgb>; x?: number; width?: number; gap?: number },
  ): void {
    const font = options.font ?? this.regular;
    const lineHeight = options.size * 1.35;
    for (const line of wrap(value, font, options.size, options.width ?? contentWidth)) {
      this.room(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: options.x ?? margin,
        y: this.y + lineHeight - options.size,
        size: options.size,
        font,
        color: options.color ?? ink,
      });
    }
    this.y -= options.gap ?? 0;
  }

  link(url: string, x: number, y: number, width: number, height: number): void {
    const annotation = this.pdf.context.register(
      this.pdf.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
      }),
    );
    this.page.node.addAnnot(annotation);
  }

  heading(value: string): void {
    this.room(44);
    this.y -= 14;
    this.text(value, { size: 11.5, font: this.bold, color: accent, gap: 3 });
    this.page.drawLine({ start: { x: margin, y: this.y }, end: { x: margin + contentWidth, y: this.y }, thickness: 0.6, color: rule });
    this.y -= 8;
  }
}

async function drawEntry(w: Writer, entry: CvEntry, qr: PDFImage | null): Promise<void> {
  const textWidth = entry.verified ? contentWidth - qrSize - 14 : contentWidth;
  // Keep an entry's first lines (and its QR code) on one page.
  w.room(entry.verified ? qrSize + 12 : 40);
  const top = w.y;
  w.text(entry.title, { size: 10.5, font: w.bold, width: textWidth, gap: 1 });
  for (const line of entry.lines) w.text(line, { size: 9.5, color: muted, width: textWidth });
  if (entry.verified && qr) {
    w.y -= 3;
    w.text(`✓ ${entry.verified.mark}`, { size: 9.5, font: w.bold, color: verifiedInk, width: textWidth });
    w.text(entry.verified.linkLabel, { size: 8, color: muted, width: textWidth });
    const linkLines = wrap(entry.verified.link, w.regular, 8, textWidth);
    const linkTop = w.y;
    w.text(entry.verified.link, { size: 8, color: accent, width: textWidth });
    w.link(
      entry.verified.link,
      margin,
      w.y,
      Math.min(textWidth, Math.max(...linkLines.map((l) => w.regular.widthOfTextAtSize(l, 8)))),
      linkTop - w.y,
    );
    w.page.drawImage(qr, { x: margin + contentWidth - qrSize, y: top - qrSize - 2, width: qrSize, height: qrSize });
    w.link(entry.verified.link, margin + contentWidth - qrSize, top - qrSize - 2, qrSize, qrSize);
    w.y = Math.min(w.y, top - qrSize - 4);
  }
  if (entry.text) w.text(entry.text, { size: 9.5, width: textWidth });
  w.y -= 9;
}

/** The CV as PDF bytes. */
export async function renderCv(doc: CvDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = fonts();
  // A subset: only the glyphs the CV uses travel (about 20 KB of the fonts' 1.4 MB).
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(doc.title, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.name);
  pdf.setLanguage(doc.language);
  pdf.setCreator('Profiles');
  pdf.setProducer('Profiles (pdf-lib)');
  pdf.setCreationDate(doc.createdAt);
  pdf.setModificationDate(doc.createdAt);

  const w = new Writer(pdf, regular, bold);
  w.text(doc.name, { size: 22, font: bold, gap: 2 });
  if (doc.headline) w.text(doc.headline, { size: 12, color: muted, gap: 2 });
  if (doc.contact.length) w.text(doc.contact.join('   ·   '), { size: 9.5, color: muted });
  w.y -= 4;
  if (doc.about) {
    w.heading(doc.about.heading);
    w.text(doc.about.text, { size: 10, gap: 4 });
  }
  for (const section of doc.sections) {
    w.heading(section.heading);
    for (const entry of section.entries ?? []) {
      const qr = entry.verified ? await pdf.embedPng(entry.verified.qrPng) : null;
      await drawEntry(w, entry, qr);
    }
    if (section.inline?.length) w.text(section.inline.join('  ·  '), { size: 10, gap: 4 });
  }

  w.pages.forEach((page, index) => {
    page.drawLine({ start: { x: margin, y: margin - 4 }, end: { x: margin + contentWidth, y: margin - 4 }, thickness: 0.5, color: rule });
    const label = doc.pageLabel(index + 1, w.pages.length);
    const labelWidth = regular.widthOfTextAtSize(label, 7.5);
    const footerLines = wrap(doc.footer, regular, 7.5, contentWidth - labelWidth - 16);
    footerLines.forEach((line, n) => page.drawText(line, { x: margin, y: margin - 15 - n * 10, size: 7.5, font: regular, color: muted }));
    page.drawText(label, { x: margin + contentWidth - labelWidth, y: margin - 15, size: 7.5, font: regular, color: muted });
  });
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseNone'));
  return pdf.save();
}
