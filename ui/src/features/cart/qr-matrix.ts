//! The QR code of a PromptPay payload as one SVG path: each dark module is a 1 × 1 square in
//! module units, so the picture scales without blur. Encoding is uqr's (a small, dependency-free
//! encoder); this module is only imported by the cart result page, so it stays out of the first
//! load. Error correction M survives a scuffed or glare-covered phone screen.
import { encode } from 'uqr';

export type QrMatrix = { size: number; modules: boolean[][] };

export function qrMatrix(payload: string): QrMatrix {
  const qr = encode(payload, { ecc: 'M', border: 0 });
  return { size: qr.size, modules: qr.data };
}

/** Dark modules as path commands, runs of a row joined into one rectangle. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  matrix.modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}
