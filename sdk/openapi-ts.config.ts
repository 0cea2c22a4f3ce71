import { defineConfig } from '@hey-api/openapi-ts';

// One typed function per operation, named by its operationId (= the controller method), over a fetch client.
export default defineConfig({
  input: './openapi.json',
  output: { path: './src/generated', format: false, lint: false },
  plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
});
