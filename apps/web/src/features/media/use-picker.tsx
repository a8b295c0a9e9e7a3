import { useRef, type ReactNode } from 'react';

/**
 * A hidden file input and a function that opens it. The input is reset after each pick so the
 * same file can be chosen twice in a row.
 */
export function useFilePicker(opts: {
  accept?: string;
  multiple?: boolean;
  capture?: 'user' | 'environment';
  testId: string;
  onFiles(files: File[]): void;
}): { open(): void; input: ReactNode } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      hidden
      accept={opts.accept}
      multiple={opts.multiple}
      capture={opts.capture}
      data-testid={opts.testId}
      onChange={(e) => {
        const files = Array.from(e.currentTarget.files ?? []);
        e.currentTarget.value = '';
        if (files.length) opts.onFiles(files);
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
