// The monthly invoice as a PDF (docs/decisions/173), made with pdf-lib from the stored invoice
// and its lines — the recorded spend of that month per campaign — so a document downloaded
// twice is the same document. The printed total is the invoice's amount due (the spend in
// cents, rounded half up) and the printed lines add up to it exactly (largest remainder).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { allocateMinorUnits, formatMinor, minorUnitsOf } from '@corkboard/shared/business/billing';

export interface InvoiceDocument {
  number: string;
  /** 'YYYY-MM' */
  month: string;
  issuedAt: Date;
  currency: string;
  status: string;
  seller: { name: string; address: string };
  billTo: {
    legalName: string;
    lines: string[];
    taxId: string | null;
    email: string;
  } | null;
  advertiser: { id: string; name: string };
  /** Campaign lines; a line with an empty `campaignId` is the balance carried in. */
  lines: { campaignId: string; campaignName: string; amountMicro: number }[];
  /** For an invoice under the minimum charge: the later invoice its amount went into. */
  carriedInto?: string | null;
}

/** The line of earlier invoices under the minimum charge, added to this one (decision 173). */
export const INVOICE_CARRIED_IN_LINE = 'Balance carried over from earlier invoices';

/** Decision (173): who issues the invoice, as printed on it. */
export const INVOICE_SELLER = {
  name: 'Corkboard Ads',
  address: 'Corkboard, advertising services',
};

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const LINES_PER_PAGE = 32;

/** WinAnsi (the standard fonts' encoding) cannot print every character; others become '?'. */
export function printable(text: string, font: PDFFont): string {
  const allowed = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((ch) => (allowed.has(ch.codePointAt(0) ?? 0) ? ch : '?'))
    .join('');
}

function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export function invoiceTotals(lines: InvoiceDocument['lines']): {
  totalMicro: number;
  totalMinor: number;
  lineMinor: number[];
} {
  const micro = lines.map((line) => line.amountMicro);
  const totalMicro = micro.reduce((sum, value) => sum + value, 0);
  return { totalMicro, totalMinor: minorUnitsOf(totalMicro), lineMinor: allocateMinorUnits(micro) };
}

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { totalMinor, lineMinor } = invoiceTotals(invoice.lines);
  const money = (minor: number) => `${formatMinor(minor)} ${invoice.currency}`;
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setSubject(`Advertising ${invoice.month}: ${money(totalMinor)}`);
  pdf.setAuthor(INVOICE_SELLER.name);
  pdf.setCreator('Corkboard');
  pdf.setProducer('Corkboard billing');
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);
  pdf.setLanguage('en');

  const right = PAGE.width - PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const text = (value: string, x: number, size = 10, font = regular) => {
    page.drawText(printable(value, font), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const textRight = (value: string, size = 10, font = regular) => {
    const safe = printable(value, font);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font });
  };

  text(INVOICE_SELLER.name, PAGE.margin, 16, bold);
  textRight(`Invoice ${invoice.number}`, 12, bold);
  y -= 18;
  text(INVOICE_SELLER.address, PAGE.margin, 9);
  textRight(`Issued ${invoice.issuedAt.toISOString().slice(0, 10)}`, 9);
  y -= 14;
  textRight(`Period ${invoice.month}`, 9);
  y -= 14;
  textRight(`Status ${invoice.status}`, 9);
  y -= 28;

  text('Bill to', PAGE.margin, 10, bold);
  text('Ad account', PAGE.width / 2, 10, bold);
  y -= 14;
  const billTo = invoice.billTo
    ? [
        invoice.billTo.legalName,
        ...invoice.billTo.lines,
        ...(invoice.billTo.taxId ? [`Tax ID: ${invoice.billTo.taxId}`] : []),
        invoice.billTo.email,
      ]
    : ['No billing profile on file'];
  const account = [invoice.advertiser.name, `ID ${invoice.advertiser.id}`];
  for (let i = 0; i < Math.max(billTo.length, account.length); i += 1) {
    const left = billTo[i];
    const other = account[i];
    if (left !== undefined)
      text(fit(left, regular, 9, PAGE.width / 2 - PAGE.margin - 8), PAGE.margin, 9);
    if (other !== undefined)
      text(fit(other, regular, 9, right - PAGE.width / 2), PAGE.width / 2, 9);
    y -= 12;
  }
  y -= 18;

  const header = () => {
    text('Campaign', PAGE.margin, 10, bold);
    textRight(`Amount (${invoice.currency})`, 10, bold);
    y -= 6;
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: right, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= 14;
  };
  header();
  invoice.lines.forEach((line, index) => {
    if (index > 0 && index % LINES_PER_PAGE === 0) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
      header();
    }
    const label =
      line.campaignId === ''
        ? line.campaignName
        : `${line.campaignName} (campaign ${line.campaignId})`;
    text(fit(label, regular, 10, right - PAGE.margin - 110), PAGE.margin, 10);
    textRight(formatMinor(lineMinor[index] ?? 0));
    y -= 14;
  });
  y -= 4;
  page.drawLine({
    start: { x: PAGE.margin, y: y + 10 },
    end: { x: right, y: y + 10 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  text('Total', PAGE.margin, 11, bold);
  textRight(money(totalMinor), 11, bold);
  y -= 28;
  text(
    invoice.carriedInto
      ? `Under the minimum charge: not charged; carried over to invoice ${invoice.carriedInto}.`
      : 'Charged to the payment method on file. Amounts are the advertising spend recorded in the period.',
    PAGE.margin,
    8,
  );
  return pdf.save();
}
