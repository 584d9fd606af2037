// The CV's page layout (decision 203, decision 277): a plain A4 document drawn with PDFKit, DejaVu Sans
// (which has Cyrillic) embedded as a subset, each company-verified job with its mark, its short link (a
// clickable link too) and a QR code of that link. PDFKit wraps the words (cutting a word longer than a
// line, such as a web address) and flows the text onto new pages; this file only says what goes where.
// It knows nothing of the database: cv-service.ts hands it the words and facts, already in the CV's
// language.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

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
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans (Bitstream Vera licence and public domain changes; dejavu-fonts-ttf), read once. */
function fonts(): { regular: Buffer; bold: Buffer } {
  fontBytes ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
}

// A4 in points, and the page's frame: text flows down to the footer's room above the bottom margin.
const margin = 56;
const footerRoom = 24;
const pageWidth = 595.28;
const contentWidth = pageWidth - margin * 2;
const ink = '#1c2129';
const muted = '#61697a';
const accent = '#21549e';
const verifiedInk = '#177345';
const rule = '#d1d6de';
const qrSize = 62;
// Lines 1.35 times the type size apart, as the CV always set them (DejaVu's own line is 1.164 em).
const lineGapOf = (size: number) => size * (1.35 - 1.164);
// Contact details and short items (skills) run on in one line, a middle dot with one space each side
// between them, as the CV has always shown them: PDFKit draws every space it is given, so a wider
// separator would spread them out.
const separator = ' · ';

type Doc = InstanceType<typeof PDFDocument>;

interface TextOptions {
  size: number;
  bold?: boolean;
  color?: string;
  width?: number;
  gap?: number;
  link?: string;
}

function text(doc: Doc, value: string, options: TextOptions): void {
  doc
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(options.size)
    .fillColor(options.color ?? ink)
    .text(value, margin, doc.y, {
      width: options.width ?? contentWidth,
      lineGap: lineGapOf(options.size),
      ...(options.link ? { link: options.link } : {}),
    });
  doc.y += options.gap ?? 0;
}

/** Starts a new page unless `height` points still fit above the footer. */
function room(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
}

function heading(doc: Doc, value: string): void {
  room(doc, 44);
  doc.y += 14;
  text(doc, value, { size: 11.5, bold: true, color: accent, gap: 3 });
  doc
    .moveTo(margin, doc.y)
    .lineTo(margin + contentWidth, doc.y)
    .lineWidth(0.6)
    .strokeColor(rule)
    .stroke();
  doc.y += 8;
}

function drawEntry(doc: Doc, entry: CvEntry): void {
  const width = entry.verified ? contentWidth - qrSize - 14 : contentWidth;
  // Keep an entry's first lines (and its QR code) on one page.
  room(doc, entry.verified ? qrSize + 12 : 40);
  const top = doc.y;
  text(doc, entry.title, { size: 10.5, bold: true, width, gap: 1 });
  for (const line of entry.lines) text(doc, line, { size: 9.5, color: muted, width });
  if (entry.verified) {
    doc.y += 3;
    text(doc, `✓ ${entry.verified.mark}`, { size: 9.5, bold: true, color: verifiedInk, width });
    text(doc, entry.verified.linkLabel, { size: 8, color: muted, width });
    text(doc, entry.verified.link, { size: 8, color: accent, width, link: entry.verified.link });
    doc.image(Buffer.from(entry.verified.qrPng), margin + contentWidth - qrSize, top, {
      width: qrSize,
      height: qrSize,
      link: entry.verified.link,
    });
    doc.y = Math.max(doc.y, top + qrSize + 2);
  }
  if (entry.text) text(doc, entry.text, { size: 9.5, width });
  doc.y += 9;
}

/** Each page's rule, footer text and 'Page n of m', drawn once every page exists. */
function footers(doc: Doc, cv: CvDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin; with the margin lifted, writing there starts no new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const baseline = doc.page.height - margin;
    doc
      .moveTo(margin, baseline + 4)
      .lineTo(margin + contentWidth, baseline + 4)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
    const label = cv.pageLabel(index - start + 1, count);
    doc.font('regular').fontSize(7.5).fillColor(muted);
    const labelWidth = doc.widthOfString(label);
    doc.text(cv.footer, margin, baseline + 8, { width: contentWidth - labelWidth - 16, lineGap: 10 - 7.5 * 1.164 });
    doc.text(label, margin + contentWidth - labelWidth, baseline + 8, { width: labelWidth + 1, lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The CV as PDF bytes. */
export async function renderCv(cv: CvDocument): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerRoom },
    bufferPages: true,
    displayTitle: true,
    lang: cv.language,
    info: {
      Title: cv.title,
      Author: cv.name,
      Creator: 'Profiles',
      Producer: 'Profiles (PDFKit)',
      CreationDate: cv.createdAt,
      ModDate: cv.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // PDFKit embeds a subset: only the glyphs the CV uses travel (about 20 KB of the fonts' 1.4 MB).
  const { regular, bold } = fonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  text(doc, cv.name, { size: 22, bold: true, gap: 2 });
  if (cv.headline) text(doc, cv.headline, { size: 12, color: muted, gap: 2 });
  if (cv.contact.length) text(doc, cv.contact.join(separator), { size: 9.5, color: muted });
  doc.y += 4;
  if (cv.about) {
    heading(doc, cv.about.heading);
    text(doc, cv.about.text, { size: 10, gap: 4 });
  }
  for (const section of cv.sections) {
    heading(doc, section.heading);
    for (const entry of section.entries ?? []) drawEntry(doc, entry);
    if (section.inline?.length) text(doc, section.inline.join(separator), { size: 10, gap: 4 });
  }
  footers(doc, cv);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
