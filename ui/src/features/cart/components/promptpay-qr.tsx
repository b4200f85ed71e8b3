//! The PromptPay QR code as an inline SVG (no image request, sharp at any size) with the quiet
//! zone of four modules scanners need, black on white whatever the page's colours.
import { qrMatrix, qrPath } from '../qr-matrix';

export const QUIET_ZONE = 4;

export function PromptPayQr({ payload, label, size = 240 }: { payload: string; label: string; size?: number }) {
  const matrix = qrMatrix(payload);
  const box = matrix.size + QUIET_ZONE * 2;
  return (
    <svg
      class="promptpay-qr"
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
      data-modules={matrix.size}
      data-testid="promptpay-qr"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
