import { describe, expect, it } from 'vitest';
import { svgDataUrl, svgFromQrCode } from './auth-actions.ts';

describe('QR code data URLs', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000000" d="M0 0h1v1H0z"/></svg>';

  it('takes the SVG out of the unencoded data URL auth-js builds', () => {
    expect(svgFromQrCode(`data:image/svg+xml;utf-8,${svg}`)).toBe(svg);
    expect(svgFromQrCode(svg)).toBe(svg);
  });

  it('encodes it so a # in a colour does not end the URL', () => {
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(svg);
  });
});
