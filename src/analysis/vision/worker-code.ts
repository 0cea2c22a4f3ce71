/**
 * The vision worker's code: reads text (tesseract.js, English LSTM model from @tesseract.js-data/eng on disk) and
 * finds faces (@vladmandic/face-api's tiny face detector on TensorFlow.js' WebAssembly backend, weights from the
 * package's own model folder) on 480 px JPEG frames. Nothing is fetched: every path is local. Plain JavaScript run
 * with `eval` (like the VAD worker) so it works from ts sources, compiled dist and the test sandbox alike; the models
 * load once and stay loaded while the worker lives.
 *
 * Messages in: { type: 'look', id, file }. Out: { type: 'ready' } once, then { type: 'seen', id, width, height,
 * lines: [{ text, confidence, minWordConfidence, x0, y0, x1, y1 }], faces: [{ score, x, y, w, h }] } (pixels of the frame), or
 * { type: 'error', id?, message }.
 */
export const VISION_WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const jpeg = require(workerData.jpegPath);
const tesseract = require(workerData.tesseractPath);
const faceapi = require(workerData.faceApiPath);
const wasm = require(workerData.tfWasmPath);

let ocr;
let faceOptions;
const ready = (async () => {
  wasm.setWasmPaths(workerData.tfWasmDir);
  await faceapi.tf.setBackend('wasm');
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(workerData.faceModelDir);
  faceOptions = new faceapi.TinyFaceDetectorOptions({ inputSize: workerData.faceInputSize, scoreThreshold: workerData.faceMinScore });
  ocr = await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, { langPath: workerData.langPath, cacheMethod: 'none', gzip: true, logger: () => {}, errorHandler: () => {} });
  // Sparse text: captions and titles are scattered lines, not a page of paragraphs.
  // debug_file: tesseract's progress notes ("Estimating resolution…") would otherwise go to the worker's stdout.
  await ocr.setParameters({ tessedit_pageseg_mode: tesseract.PSM.SPARSE_TEXT, debug_file: '/dev/null' });
})();

async function faces(img) {
  // Grey margins around the frame: the tiny detector misses a face that fills the frame (a close-up talking head)
  // and finds it once it fills two thirds.
  // The padded picture is built in one typed-array pass: tf.pad on the WebAssembly backend runs as a JavaScript
  // concat of int32 tensors (~25 ms a frame, more than the detector). Same values, same detections.
  const py = Math.round(img.height * workerData.facePad), px = Math.round(img.width * workerData.facePad);
  const W = img.width + 2 * px, H = img.height + 2 * py;
  const padded = new Int32Array(W * H * 3).fill(128);
  for (let r = 0; r < img.height; r++) padded.set(img.data.subarray(r * img.width * 3, (r + 1) * img.width * 3), ((r + py) * W + px) * 3);
  const input = faceapi.tf.tensor3d(padded, [H, W, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input, faceOptions);
    return { width: img.width, height: img.height, faces: found.map((d) => ({ score: d.score, x: d.box.x - px, y: d.box.y - py, w: d.box.width, h: d.box.height })) };
  } finally {
    input.dispose();
  }
}

// Captions and titles are bright (white or yellow, outlined or on a box): reading a mask of the bright pixels as
// black on white finds them on busy pictures where tesseract's own thresholding sees texture, and dark text on a
// bright box reads as well (measured on generated captions over moving patterns: 5 of 7 caption frames read, 1
// without the mask). A greyscale PGM, which tesseract's image reader takes as is.
function brightMask(img) {
  const head = Buffer.from('P5\\n' + img.width + ' ' + img.height + '\\n255\\n');
  const out = Buffer.alloc(img.width * img.height);
  const d = img.data, min = workerData.textBrightMin;
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = 0.299 * d[j] + 0.587 * d[j + 1] + 0.114 * d[j + 2] >= min ? 0 : 255;
  return Buffer.concat([head, out]);
}

async function lines(img) {
  const r = await ocr.recognize(brightMask(img), {}, { blocks: true, text: false });
  const out = [];
  for (const b of r.data.blocks || []) for (const p of b.paragraphs) for (const l of p.lines) {
    // The least confident word: a line's confidence is its words' mean, so one garbled word hides in it.
    const words = (l.words || []).filter((w) => w.text.trim());
    const minWordConfidence = words.length ? Math.min(...words.map((w) => w.confidence)) : l.confidence;
    out.push({ text: l.text.trim(), confidence: l.confidence, minWordConfidence, x0: l.bbox.x0, y0: l.bbox.y0, x1: l.bbox.x1, y1: l.bbox.y1 });
  }
  return out;
}

let queue = ready.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (e) => parentPort.postMessage({ type: 'error', message: String(e && e.message || e) }),
);
parentPort.on('message', (msg) => {
  queue = queue.then(async () => {
    if (msg.type !== 'look') return;
    try {
      // Text (tesseract's own thread) and faces (this thread) at the same time.
      const img = jpeg.decode(fs.readFileSync(msg.file), { useTArray: true, formatAsRGBA: false });
      const [seen, text] = await Promise.all([faces(img), lines(img)]);
      parentPort.postMessage({ type: 'seen', id: msg.id, width: seen.width, height: seen.height, faces: seen.faces, lines: text });
    } catch (e) {
      parentPort.postMessage({ type: 'error', id: msg.id, message: String(e && e.message || e) });
    }
  });
});
`;
