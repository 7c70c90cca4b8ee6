import { WHEEL, type Slice } from '@mekong/contracts/spinwheel';
import { useEffect, useRef } from 'react';

const SIZE = WHEEL.canvasPx;
const RADIUS = SIZE / 2 - 8;

/**
 * The wheel drawn on a 350 px canvas (docs/spec.md §9): equal slices in their colours and labels, turned by `rotation`
 * (radians, clockwise; slice 0 starts at the pointer), a fixed pointer at the top. See hooks/wheel-math.ts.
 */
export function WheelCanvas({ slices, rotation, label }: { slices: readonly Slice[]; rotation: number; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== SIZE * ratio) {
      canvas.width = SIZE * ratio;
      canvas.height = SIZE * ratio;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawWheel(context, slices, rotation);
  }, [slices, rotation]);

  return (
    <canvas
      ref={ref}
      className="wheel-canvas"
      width={SIZE}
      height={SIZE}
      style={{ width: SIZE, height: SIZE }}
      role="img"
      aria-label={label}
      data-testid="wheel-canvas"
      data-rotation={rotation.toFixed(4)}
    />
  );
}

function drawWheel(context: CanvasRenderingContext2D, slices: readonly Slice[], rotation: number) {
  const center = SIZE / 2;
  context.clearRect(0, 0, SIZE, SIZE);
  const count = Math.max(1, slices.length);
  const slice = (Math.PI * 2) / count;

  // Rim.
  context.beginPath();
  context.arc(center, center, RADIUS + 6, 0, Math.PI * 2);
  context.fillStyle = '#1a2266';
  context.fill();

  slices.forEach((item, index) => {
    // Wheel angle a is drawn at canvas angle a + rotation − π/2 (canvas 0 is at three o'clock).
    const from = index * slice + rotation - Math.PI / 2;
    context.beginPath();
    context.moveTo(center, center);
    context.arc(center, center, RADIUS, from, from + slice);
    context.closePath();
    context.fillStyle = item.bgColor;
    context.fill();
    context.strokeStyle = 'rgb(255 255 255 / 70%)';
    context.lineWidth = 2;
    context.stroke();

    context.save();
    context.translate(center, center);
    context.rotate(from + slice / 2);
    context.fillStyle = item.textColor;
    context.font = '700 15px "Noto Sans Thai", "Noto Sans Lao", system-ui, sans-serif';
    context.textAlign = 'right';
    context.textBaseline = 'middle';
    context.fillText(fitText(context, item.label, RADIUS - 52), RADIUS - 16, 0);
    context.restore();
  });

  // Hub.
  context.beginPath();
  context.arc(center, center, 26, 0, Math.PI * 2);
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = 4;
  context.strokeStyle = '#f2b431';
  context.stroke();

  // Pointer at the top, pointing down into the wheel.
  context.beginPath();
  context.moveTo(center - 14, 2);
  context.lineTo(center + 14, 2);
  context.lineTo(center, 34);
  context.closePath();
  context.fillStyle = '#d1343f';
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = '#ffffff';
  context.stroke();
}

/** A label cut with an ellipsis so it stays inside its slice. */
function fitText(context: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (context.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}
