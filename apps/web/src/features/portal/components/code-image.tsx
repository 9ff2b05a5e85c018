import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from '../portal.module.css';
import type { CodeKind } from './code-drawing';

// The member's check-in code drawn as a CODE 128 barcode or a QR code (bwip-js, loaded with the
// card only), as an SVG picture: sharp at any size, black on white with quiet zones around it,
// which is what the kiosk's camera and a handheld card reader need.

export type { CodeKind } from './code-drawing';

async function draw(kind: CodeKind, text: string): Promise<string> {
  const { codeSvgLink } = await import('./code-drawing');
  return codeSvgLink(kind, text);
}

interface Props {
  kind: CodeKind;
  text: string;
  label: string;
  testId: string;
  maxWidth?: number | string;
}

export function CodeImage({ kind, text, label, testId, maxWidth }: Props) {
  const [drawn, setDrawn] = useState<{ key: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const key = `${kind}:${text}`;
  useEffect(() => {
    let live = true;
    draw(kind, text).then(
      (src) => live && setDrawn({ key: `${kind}:${text}`, src }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [kind, text]);
  if (failed) return <Text c="red">The code could not be drawn.</Text>;
  if (!drawn || drawn.key !== key) return <Skeleton height={kind === 'qrcode' ? 180 : 90} width="100%" />;
  return (
    <img
      src={drawn.src}
      alt={label}
      className={classes.codeImage}
      style={{ maxWidth }}
      data-testid={testId}
    />
  );
}
