import type { Page } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../chromium-flags";
import { expect, test } from "../fixtures";
import { ViewerPage } from "../fixtures/viewer";

// Audio has a way in (issue 15.6): a creator uploads a WAV to the library (and is told by name
// when a file is not audio), picks it as the space's background audio in the editor, publishes,
// and a visitor hears it looped at the volume of the viewer's settings once they click.

/** A tone as a 16-bit mono WAV, made here so the journey needs no file on disk. */
function toneWav(seconds: number, frequency = 440, sampleRate = 8000) {
  const samples = seconds * sampleRate;
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write("RIFF", 0, "ascii");
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write("WAVE", 8, "ascii");
  bytes.write("fmt ", 12, "ascii");
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(sampleRate, 24);
  bytes.writeUInt32LE(sampleRate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write("data", 36, "ascii");
  bytes.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    bytes.writeInt16LE(
      Math.round(Math.sin((i / sampleRate) * frequency * 2 * Math.PI) * 9000),
      44 + i * 2,
    );
  return bytes;
}

async function publishFromEditor(page: Page) {
  await page.getByTestId("step-publishAndShare").click();
  await page.getByTestId("publish-next").click();
  await page.getByTestId("publish-slots").getByRole("radio").first().check();
  await page.getByTestId("publish-next").click();
  await page.getByTestId("publish-next").click();
  await page.getByTestId("publish-next").click();
  await page.getByTestId("publish-next").click();
  await expect(page.getByTestId("publish-done")).toBeVisible({ timeout: 20_000 });
}

// Chromium's fake microphone (a beeping tone), allowed without asking
test.use({
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
  permissions: ["microphone"],
});

const audioState = (page: Page, role: string) =>
  page.evaluate((which) => {
    const audio = document.querySelector<HTMLAudioElement>(`audio[data-role="${which}"]`);
    return audio
      ? {
          paused: audio.paused,
          time: audio.currentTime,
          volume: audio.volume,
          loop: audio.loop,
          src: audio.src,
        }
      : null;
  }, role);

test("a creator's WAV becomes a published space's background audio, played at the visitor's volume", async ({
  page,
  editor,
  library,
}) => {
  test.setTimeout(150_000);
  const { userId } = await editor.signUpWithLibrary("Aria Audio");

  // the library's audio section: a real WAV goes in and plays there; a text file named .wav
  // is refused by the server, naming the file
  await library.open(userId, "audio");
  await library.upload(
    [{ name: "birdsong.wav", mimeType: "audio/wav", buffer: toneWav(3) }],
    "Birdsong",
  );
  const card = library.card("Birdsong");
  await expect(card.getByTestId("asset-details")).toContainText("0:03");
  const player = card.getByTestId("asset-audio");
  await expect(player).toHaveAttribute("controls", "");
  await player.evaluate((audio: HTMLAudioElement) => audio.play());
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime))
    .toBeGreaterThan(0);
  await player.evaluate((audio: HTMLAudioElement) => audio.pause());

  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await library.dialog
    .locator("input[type=file]")
    .setInputFiles([
      { name: "notes.wav", mimeType: "audio/wav", buffer: Buffer.from("just notes\n") },
    ]);
  await library.dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(library.dialog.getByTestId("upload-error")).toContainText("notes.wav");
  await expect(library.dialog.getByTestId("upload-error")).toContainText("WAV or MP3");
  await library.dialog.getByRole("button", { name: "Cancel" }).click();

  // the editor: a room, saved, then Shape Style's background audio
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Birdsong room");
  await editor.save.click();
  await expect(page).toHaveURL(/\/curate\/[^/?#]+/);
  const sceneId = editor.sceneIdFromUrl();
  await editor.step("shapeStyle").click();
  const field = page.getByTestId("space-audio");
  await page.getByTestId("space-audio-select").click();
  await page.getByRole("option", { name: "Birdsong", exact: true }).click();
  await expect(page.getByText("Background audio set")).toBeVisible();
  await expect(field.locator("audio")).toHaveAttribute("src", /\/api\/fileService\/file\//);
  await publishFromEditor(page);

  // a visitor: volume 40 in the viewer's settings, then a click starts the space's audio
  const viewer = new ViewerPage(page);
  await viewer.open(`/viewer/${sceneId}`);
  await viewer.sidebarButton("Settings").click();
  const volume = page.getByTestId("viewer-settings").getByRole("slider");
  await volume.focus();
  await page.keyboard.press("Home");
  for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("viewer-settings")).toContainText("Audio volume: 40");
  // the keys pressed on the slider are the gesture that lets the page start the audio; the
  // volume chosen applies to the audio already playing
  await expect
    .poll(async () => (await audioState(page, "space-audio"))?.paused, { timeout: 15_000 })
    .toBe(false);
  await expect
    .poll(async () => (await audioState(page, "space-audio"))?.time ?? 0)
    .toBeGreaterThan(0);
  const state = await audioState(page, "space-audio");
  expect(state?.loop).toBe(true);
  expect(state?.volume).toBeCloseTo(0.4, 5);
  expect(state?.src).toMatch(/\/api\/fileService\/file\//);
});

test("a tour point's audio is recorded in the editor and played when a visitor's tour reaches it", async ({
  page,
  editor,
}) => {
  test.setTimeout(150_000);
  await editor.signUpWithLibrary("Rui Recorder");
  await editor.openNew();
  await editor.drawRoom([-4, -3], [4, 3]);
  await page.getByTestId("editor-title").fill("Spoken room");
  await editor.save.click();
  await expect(page).toHaveURL(/\/curate\/[^/?#]+/);
  const sceneId = editor.sceneIdFromUrl();

  await editor.step("createStoriesOrPaths").click();
  await page.getByTestId("tour-title").fill("Welcome");
  await page.getByTestId("tour-create").click();
  await page.getByTestId("tour-add-point").click();
  const point = page.getByTestId("tour-point").first();
  await point.getByTestId("audio-record").click();
  await expect(point.getByTestId("audio-record-stop")).toBeVisible();
  await page.waitForTimeout(2000);
  await point.getByTestId("audio-record-stop").click();
  await expect(point.getByTestId("audio-record")).toBeEnabled({ timeout: 20_000 });

  // the point names the recording, a WAV in the creator's library
  const stored = async () => {
    const answer = await page.request.get("/api/storyTellingService/guidedtour", {
      params: { sceneId },
    });
    const [tour] = (await answer.json()) as { points: { audioUri: string | null }[] }[];
    return tour?.points[0]?.audioUri ?? null;
  };
  await expect.poll(stored).toMatch(/\/api\/fileService\/file\//);
  const audioUri = (await stored()) as string;
  const file = await page.request.get(audioUri);
  expect(file.headers()["content-type"]).toMatch(/^audio\/wav/);
  expect((await file.body()).subarray(0, 4).toString("ascii")).toBe("RIFF");
  const library = (await (await page.request.get("/api/assetService/audio/myLibrary")).json()) as {
    title: string;
    duration: number;
    fileUrl: string;
  }[];
  const recording = library.find((asset) => asset.fileUrl === audioUri);
  expect(recording?.title).toBe("Welcome: Stop 1");
  expect(recording?.duration).toBeGreaterThan(1);

  await publishFromEditor(page);
  const viewer = new ViewerPage(page);
  await viewer.open(`/viewer/${sceneId}`);
  await viewer.sidebarButton("Settings").click();
  const volume = page.getByTestId("viewer-settings").getByRole("slider");
  await volume.focus();
  await page.keyboard.press("Home");
  for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowRight");
  await page.getByRole("button", { name: "Close" }).click();
  await viewer.sidebarButton("Paths").click();
  await page.getByTestId("paths-list").getByRole("button", { name: "Play" }).click();
  await expect
    .poll(async () => (await audioState(page, "tour-audio"))?.paused, { timeout: 15_000 })
    .toBe(false);
  const state = await audioState(page, "tour-audio");
  expect(state?.src).toContain(audioUri);
  expect(state?.volume).toBeCloseTo(0.25, 5);
});
