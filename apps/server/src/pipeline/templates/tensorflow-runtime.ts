// TensorFlow.js for the neural custom model, on its WebAssembly backend: pure JavaScript and a
// .wasm file shipped in the npm package (nothing downloaded, no native build), about three times
// faster than the plain JavaScript backend on this kind of model. Started once per process.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';

let ready: Promise<typeof tf> | null = null;

export function tensorflow(): Promise<typeof tf> {
  ready ??= (async () => {
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return ready;
}
