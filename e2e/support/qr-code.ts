import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * What a QR code on the page says, read from its pixels as a phone's camera would (jsQR): the
 * code's screenshot is decoded in a blank page of its own, where no content policy applies.
 */
export async function readQrCode(code: Locator): Promise<string | null> {
  const png = await code.screenshot();
  const blank = await code.page().context().newPage();
  try {
    const pixels = await blank.evaluate(
      async (source) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0);
        const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
        return { data: Array.from(data), width, height };
      },
      `data:image/png;base64,${png.toString('base64')}`,
    );
    return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
  } finally {
    await blank.close();
  }
}
