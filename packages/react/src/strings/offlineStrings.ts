/** The embed's offline notice (@coursekit/embed). English, as the spec writes them; CourseProvider's `strings` replaces any of them. */
export const offlineStrings = {
  offline: "You're offline. Lessons you complete are saved on this device and sent when you're back online.",
  offlineWaiting:
    "You're offline. Lessons you complete are saved on this device and sent when you're back online ({count} waiting).",
  backOnlineSendingOne: 'Back online: sending {count} saved lesson…',
  backOnlineSendingOther: 'Back online: sending {count} saved lessons…',
};
