// Saving and reading files: the only file I/O the page does.

/** Offers `bytes` as a download called `name`. */
export function download(bytes, name, type = 'audio/midi') {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The bytes of the file chosen in `<input type=file>`, or null. */
export async function readChosenFile(input) {
  const file = input.files?.[0];
  if (!file) return null;
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Copies `text` to the clipboard (with a fallback for pages not served securely). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = Object.assign(document.createElement('textarea'), { value: text });
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
