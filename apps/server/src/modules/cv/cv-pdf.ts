import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { CvEntry, CvView } from './cv-view.js';

/*
 * DejaVu Sans has every letter the site writes (Uzbek's ʻ ʼ ‘ ’, ў қ ғ ҳ, Russian). Its files come from the
 * dejavu-fonts-ttf package, found by Node's resolution, so the path holds from src/ and from dist/.
 */
const resolve = createRequire(import.meta.url).resolve;
export const CV_FONTS = {
  regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const MARGIN = 50;
const TEXT = '#1a1a1a';
const MUTED = '#555555';
const LINK = '#1d4ed8';
const RULE = '#bbbbbb';

type Doc = PDFKit.PDFDocument;

/**
 * The CV as an A4 PDF: real text in DejaVu Sans (embedded, only the letters used), its links live, its
 * title, author and language in the document's metadata.
 */
export function drawCvPdf(view: CvView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: CV_FONTS.regular,
    lang: view.lang,
    displayTitle: true,
    info: { Title: view.labels.title, Author: view.name, Creator: 'Portfolio Master' },
  });
  doc.registerFont('regular', CV_FONTS.regular);
  doc.registerFont('bold', CV_FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawContent(doc, view);
  doc.end();
  return done;
}

function drawContent(doc: Doc, view: CvView): void {
  const { labels } = view;
  doc.font('bold').fontSize(22).fillColor(TEXT).text(view.name);
  if (view.headline) doc.moveDown(0.1).font('regular').fontSize(13).fillColor(MUTED).text(view.headline);

  heading(doc, labels.contacts);
  for (const contact of view.contacts) fact(doc, contact.label, contact.text, contact.href);
  if (view.region) fact(doc, labels.region, view.region);

  if (view.about) {
    heading(doc, labels.about);
    body(doc).text(view.about);
  }
  if (view.skills.length > 0) {
    heading(doc, labels.skills);
    body(doc).text(view.skills.join(' · '));
  }
  if (view.work) {
    heading(doc, labels.openToWork);
    doc.font('bold').fontSize(11).fillColor(TEXT).text(view.work.status);
    if (view.work.roles.length > 0) fact(doc, labels.roles, view.work.roles.join(', '));
    const kinds = [...view.work.employment, ...(view.work.remote ? [view.work.remote] : [])];
    if (kinds.length > 0) fact(doc, labels.employment, kinds.join(', '));
  }
  if (view.affiliation) {
    const { kind, name, verified } = view.affiliation;
    heading(doc, labels.affiliation);
    body(doc).text(`${name} (${kind})`, { continued: verified !== null });
    if (verified) doc.font('bold').fillColor('#15803d').text(`  ✓ ${verified}`);
  }
  if (view.experience.length > 0) {
    heading(doc, labels.experience);
    for (const entry of view.experience) drawEntry(doc, entry);
  }
  if (view.education.length > 0) {
    heading(doc, labels.education);
    for (const entry of view.education) drawEntry(doc, entry);
  }
  if (view.pinned.length > 0) {
    heading(doc, labels.pinned);
    for (const work of view.pinned) {
      keepTogether(doc, 50);
      doc.font('bold').fontSize(11).fillColor(LINK).text(work.title, { link: work.address });
      body(doc, 10).fillColor(MUTED).text(work.address, { link: work.address });
      for (const href of work.links) fact(doc, labels.link, href, href);
      if (work.technologies.length > 0) fact(doc, labels.technologies, work.technologies.join(', '));
      doc.moveDown(0.5);
    }
  }
}

const body = (doc: Doc, size = 11) => doc.font('regular').fontSize(size).fillColor(TEXT);

/** Starts a new page unless `height` points are left on this one. */
function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, title: string): void {
  doc.moveDown(0.9);
  keepTogether(doc, 60);
  doc.font('bold').fontSize(12).fillColor(TEXT).text(title);
  const y = doc.y + 1;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.4);
}

/** "Label: value", the value a link when `href` is given. */
function fact(doc: Doc, label: string, value: string, href?: string): void {
  doc.font('regular').fontSize(10.5).fillColor(MUTED).text(`${label}: `, { continued: true });
  doc.fillColor(href ? LINK : TEXT).text(value, href ? { link: href } : {});
}

function drawEntry(doc: Doc, entry: CvEntry): void {
  keepTogether(doc, 48);
  doc.font('bold').fontSize(11).fillColor(TEXT).text(entry.title);
  if (entry.place) body(doc).text(entry.place);
  body(doc, 10).fillColor(MUTED).text(entry.dates);
  doc.moveDown(0.5);
}
