import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../config/app-constants';

/** Red error and green success toasts, top-centre, 4 seconds (spec 000 sections 8 and 9). */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 });

export function toastError(message: string) {
  toaster.create({ title: message, type: 'error', duration: TOAST_DURATION_MS, closable: true });
}

export function toastSuccess(message: string) {
  toaster.create({ title: message, type: 'success', duration: TOAST_DURATION_MS, closable: true });
}
