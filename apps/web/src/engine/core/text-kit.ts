// What 3D texts need: troika's typesetting (with its SDF generator and bidi rules, some 80 KB of
// code), a chunk of its own loaded with the first text (kits.ts).
import { configureTextBuilder, Text } from "troika-three-text";

// Typesetting runs on the main thread: troika's workers load their code from blob: scripts,
// which the site's Content-Security-Policy (script-src 'self') rightly refuses.
configureTextBuilder({ useWorker: false });

export { Text };
