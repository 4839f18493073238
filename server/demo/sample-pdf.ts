/**
 * A tiny but valid one-page PDF built in code, used as the binary payload of
 * `embedded_blob_resource` (and the `demo://files/hello.pdf` resource). A real
 * document lets the inspector's "download / open blob" path be tried for real.
 */

/** Builds a single-page PDF showing `lines` of text in Helvetica. */
export function buildSamplePdf(lines: readonly string[]): Buffer {
  // PDF string literals need (, ) and \ escaped; keep the text plain ASCII.
  const escape = (text: string) => text.replace(/[\\()]/g, (ch) => `\\${ch}`).replace(/[^\x20-\x7e]/g, '?');
  const textOps = lines.map((line, i) => `${i === 0 ? '' : '0 -22 Td '}(${escape(line)}) Tj`).join('\n');
  const stream = `BT\n/F1 16 Tf\n30 110 Td\n${textOps}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 360 160] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];

  // The cross-reference table needs the byte offset of every object, so the
  // file is assembled sequentially while those offsets are recorded.
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const xrefEntries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xrefEntries}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
