/**
 * The team member photo of the admin's member page (ADR 0019): a generated
 * image sent through the page's "Nova foto" field.
 */
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/**
 * Sends a square JPEG (`size` px a side, filled with the CSS colour `color`)
 * named `fileName` as the photo of the member `name`, on that member's admin
 * page, and waits until the page shows it ("Foto de {name}").
 */
export async function uploadMemberPhoto(
  page: Page,
  name: string,
  photo: { fileName: string; size: number; color: string },
): Promise<void> {
  const buffer = await sharp({
    create: { width: photo.size, height: photo.size, channels: 3, background: photo.color },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Nova foto").setInputFiles({ name: photo.fileName, mimeType: "image/jpeg", buffer });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByRole("img", { name: `Foto de ${name}` })).toBeVisible();
}
