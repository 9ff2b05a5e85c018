import {
  ModalBase,
  ModalBaseBody,
  ModalBaseContent,
  ModalBaseHeader,
  ModalBaseOverlay,
  ModalBaseTitle,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './overlays.module.css';

export interface KioskDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Width of a windowed dialog in pixels. */
  width?: number;
  fullScreen?: boolean;
  children: ReactNode;
}

/**
 * A dialog closed by its own buttons (and Escape). Mantine's Modal built from its ModalBase parts: the full Modal pulls in ScrollArea and with it
 * Floating UI, about 15 KB of the kiosk's first load for a scrollbar it does not need.
 */
export function KioskDialog({
  opened,
  onClose,
  title,
  width = 480,
  fullScreen = false,
  children,
}: KioskDialogProps) {
  return (
    <ModalBase
      opened={opened}
      onClose={onClose}
      zIndex={200}
      padding="lg"
      shadow="xl"
      trapFocus
      returnFocus
      closeOnEscape
      closeOnClickOutside={!fullScreen}
      withinPortal
      lockScroll
      transitionProps={{ transition: fullScreen ? 'fade' : 'pop', duration: 150 }}
    >
      <ModalBaseOverlay backgroundOpacity={0.55} blur={2} />
      <ModalBaseContent
        className={classes.dialogContent}
        data-full-screen={fullScreen || undefined}
        style={{ '--dialog-width': `${width}px` } as CSSProperties}
        radius={fullScreen ? 0 : 'lg'}
        innerProps={{
          className: fullScreen ? `${classes.dialogInner} ${classes.dialogInnerFull}` : classes.dialogInner,
        }}
      >
        <ModalBaseHeader className={classes.dialogHeader}>
          <ModalBaseTitle className={classes.dialogTitle}>{title}</ModalBaseTitle>
        </ModalBaseHeader>
        <ModalBaseBody className={classes.dialogBody}>{children}</ModalBaseBody>
      </ModalBaseContent>
    </ModalBase>
  );
}
