// Saving a Blob as a file from inside a shadow root: a hidden <a download>
// clicked once, its object URL revoked a moment later. Used for SKILL.md and
// for exported skill packages.

export function downloadBlob(root: Node, blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.style.display = 'none';
  root.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
