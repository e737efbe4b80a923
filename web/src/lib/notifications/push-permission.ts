import { runtimeConfig } from '../../config/runtime-config';
import { callApi } from '../api-client';

/** Where this device's push token is kept, to register it once and to remove it when turned off. */
const STORED_TOKEN = 'push-token';
const STORED_ID = 'push-token-id';

/** Firebase's web SDK, loaded from Google's CDN only when the user turns push on (no bundle weight). */
const FIREBASE_SDK = 'https://www.gstatic.com/firebasejs/10.14.1';

/**
 * This device's push token: Firebase Cloud Messaging's when the stage's config.json names a Firebase web
 * app, else (the local stack) a token of the local push adapter, which logs the pushes it is sent.
 */
async function devicePushToken(): Promise<string> {
  const firebase = runtimeConfig().firebase;
  if (!firebase) return localStorage.getItem(STORED_TOKEN) ?? `local-device-${crypto.randomUUID()}`;
  const { initializeApp } = await import(/* @vite-ignore */ `${FIREBASE_SDK}/firebase-app.js`);
  const { getMessaging, getToken } = await import(/* @vite-ignore */ `${FIREBASE_SDK}/firebase-messaging.js`);
  const app = initializeApp(firebase);
  return getToken(getMessaging(app), { vapidKey: firebase.vapidKey });
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function pushEnabledHere(): boolean {
  return pushSupported() && Notification.permission === 'granted' && localStorage.getItem(STORED_ID) !== null;
}

/**
 * Asks the browser for permission, only now that the user chose push, and registers this device's token
 * with POST /fcm-token. A refusal is only logged (spec 000 section 8): the user sees the switch stay off.
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.warn(`Push notifications: permission ${permission}`);
    return false;
  }
  const token = await devicePushToken();
  const { _id } = await callApi('fcmTokens.create', {
    body: { token, device: navigator.userAgent.slice(0, 100) },
  });
  localStorage.setItem(STORED_TOKEN, token);
  localStorage.setItem(STORED_ID, _id);
  return true;
}

/** Removes this device's token (DELETE /fcm-token/{id}): no more pushes here. */
export async function disablePush(): Promise<void> {
  const id = localStorage.getItem(STORED_ID);
  if (id) await callApi('fcmTokens.delete', { params: { id }, quietStatuses: [404] });
  localStorage.removeItem(STORED_ID);
}
