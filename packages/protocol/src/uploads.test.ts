import { describe, expect, it } from 'vitest';
import { extensionOf, fileCateOf, fixModeOf } from './uploads';

describe('upload helpers', () => {
  it('takes the last extension, lower-cased, and none for dot-files or bare names', () => {
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('C:\\docs\\a.txt')).toBe('txt');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('sorts extensions into the categories of §5', () => {
    expect(fileCateOf('docx')).toBe(1);
    expect(fileCateOf('JPG')).toBe(2);
    expect(fileCateOf('m4a')).toBe(3);
    expect(fileCateOf('webm')).toBe(4);
    expect(fileCateOf('zip')).toBe(9);
  });

  it('calls 200 × 240 small, wider landscape and taller portrait', () => {
    expect(fixModeOf(200, 240)).toBe(3);
    expect(fixModeOf(201, 100)).toBe(1);
    expect(fixModeOf(100, 241)).toBe(2);
    expect(fixModeOf(800, 800)).toBe(2);
  });
});
