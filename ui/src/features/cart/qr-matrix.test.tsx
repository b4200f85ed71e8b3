import { render } from '@testing-library/preact';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { PromptPayQr, QUIET_ZONE } from './components/promptpay-qr';
import { qrMatrix, qrPath, type QrMatrix } from './qr-matrix';

// A PromptPay payload as the server makes them (EMVCo tags, PromptPay AID, amount, CRC16).
const PAYLOAD = '00020101021229370016A000000677010111011300668123456785802TH53037645406500.006304B5A1';

/** Paints the matrix as black and white pixels (with a quiet zone), as a camera would see it. */
function rasterise(matrix: QrMatrix, scale = 6) {
  const side = (matrix.size + QUIET_ZONE * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + QUIET_ZONE) * scale + dy) * side + (x + QUIET_ZONE) * scale + dx) * 4;
          pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
        }
      }
    }),
  );
  return { pixels, side };
}

/** Reads the SVG path back into a matrix: each `M x y h n` run darkens n modules. */
function matrixOfPath(d: string, size: number): boolean[][] {
  const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i++) modules[Number(y)]![Number(x) + i] = true;
  }
  return modules;
}

describe('PromptPay QR code', () => {
  it('encodes the payload so that a QR reader gets it back', () => {
    const matrix = qrMatrix(PAYLOAD);
    const { pixels, side } = rasterise(matrix);
    expect(jsQR(pixels, side, side)?.data).toBe(PAYLOAD);
  });

  it('draws exactly the dark modules of the matrix, inside a quiet zone', () => {
    const matrix = qrMatrix(PAYLOAD);
    // Digits, capitals and '.' fit QR's alphanumeric mode: 84 characters at level M are version 4, 33 × 33.
    expect(PAYLOAD).toHaveLength(84);
    expect(matrix.size).toBe(33);
    const { container } = render(<PromptPayQr payload={PAYLOAD} label="PromptPay QR code to pay ฿500" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('PromptPay QR code to pay ฿500');
    expect(svg.getAttribute('viewBox')).toBe(`-4 -4 ${33 + 8} ${33 + 8}`);
    expect(svg.getAttribute('data-modules')).toBe('33');
    const d = svg.querySelector('path')!.getAttribute('d')!;
    expect(d).toBe(qrPath(matrix));
    expect(matrixOfPath(d, matrix.size)).toEqual(matrix.modules);
    // And the path, painted back, still scans.
    const { pixels, side } = rasterise({ size: matrix.size, modules: matrixOfPath(d, matrix.size) }, 4);
    expect(jsQR(pixels, side, side)?.data).toBe(PAYLOAD);
  });
});
