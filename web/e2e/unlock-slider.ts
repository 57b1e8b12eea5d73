import type { Locator, Page } from '@playwright/test';

/** Drags an unlock slider's knob to the end of its track, as a person does with a mouse or a finger (the caller checks what it did). */
export async function slideToUnlock(page: Page, knob: Locator): Promise<void> {
  const box = (await knob.boundingBox())!;
  const track = (await knob.locator('..').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width - box.width / 2, y, { steps: 12 });
  await page.mouse.up();
}
