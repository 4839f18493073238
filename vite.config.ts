import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const testTimeout = 30_000;

export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{client,web,server,cli,shared,test,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          testTimeout,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{client,server,shared,web,test}/**/*.integration.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
