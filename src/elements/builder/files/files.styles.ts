// Styles of the skill-folder views. They travel with the lazily
// loaded chunk as one <style> in the shadow root (rendered with the header's
// Import menu, which is always there), so the standalone bundle carries none.

import { html } from 'lit';

export const FILES_STYLE = html`<style>
  .base { position: relative; }
  .import-menu { position: relative; }
  .import-menu > summary { list-style: none; min-height: 28px; padding: 0 var(--_space-2); font-size: 0.9em; user-select: none; }
  .import-menu > summary:hover { background: var(--_surface-2); }
  .import-menu > summary::-webkit-details-marker { display: none; }
  .import-menu[open] > summary { background: var(--_surface-2); }
  .import-menu .menu {
    position: absolute; right: 0; top: calc(100% + var(--_space-1)); z-index: 5; width: 17rem; display: grid; gap: var(--_space-0_5);
    padding: var(--_space-1_5); background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius-sm); box-shadow: var(--_shadow);
  }
  .import-menu .menu button { justify-content: flex-start; }
  .import-menu .menu p { margin: var(--_space-1) var(--_space-2) var(--_space-0_5); white-space: normal; }
  .drop-overlay {
    position: absolute; inset: 0; z-index: 10; display: grid; place-items: center; pointer-events: none;
    background: color-mix(in srgb, var(--_bg) 82%, transparent); border: 2px dashed var(--_accent); border-radius: var(--_radius);
  }
  .drop-overlay > div { display: grid; gap: var(--_space-1); text-align: center; padding: var(--_space-4) var(--_space-6, 24px); background: var(--_accent-soft); border-radius: var(--_radius); }
  .drop-overlay strong { font-size: 1.15em; }
  .import-note { margin: var(--_space-2) var(--_space-3) 0; align-items: center; }
  .import-note .grow { flex: 1; min-width: 0; }
  .proposals { align-items: flex-start; }
  .proposals h4 { margin: 0 0 var(--_space-0_5); font-size: 0.95em; }
  .proposals p { margin: 0 0 var(--_space-1_5); }
  .proposals fieldset { border: 0; margin: 0 0 var(--_space-1_5); padding: 0; display: flex; flex-wrap: wrap; gap: var(--_space-1_5); align-items: center; }
  .proposals legend { float: left; font-size: 0.85em; font-weight: 600; color: var(--_muted); padding: 0; margin-right: var(--_space-1); }
  .proposals .chip { display: inline-flex; align-items: center; gap: var(--_space-1); font-weight: 500; padding: var(--_space-0_5) var(--_space-2); border: 1px solid var(--_border); border-radius: 999px; background: var(--_bg); cursor: pointer; }
  .proposals .chip input { width: auto; min-height: 0; margin: 0; }
  .proposal-actions { display: flex; gap: var(--_space-1_5); }
  .import-hint { max-width: 46ch; }
  .export { display: inline-flex; gap: var(--_space-0_5); align-items: center; }
  .tab-group { align-self: center; flex: none; font-family: var(--_mono); font-size: 0.75em; color: var(--_muted); padding: 0 var(--_space-0_5) 0 var(--_space-2); border-left: 1px solid var(--_border); margin-left: var(--_space-1); }
  .tab-size { font-size: 0.75em; color: var(--_muted); font-weight: 500; }
  .folder-pick { width: auto; flex: none; }
  .share-files { display: flex; align-items: center; gap: var(--_space-1_5); margin: var(--_space-1) var(--_space-3) 0; font-size: 0.85em; font-weight: 500; color: var(--_muted); }
  .share-files input { width: auto; min-height: 0; margin: 0; }
  .binary-file { flex: 1; min-height: 0; overflow: auto; padding: var(--_space-4); display: grid; gap: var(--_space-2); align-content: start; grid-template-columns: auto 1fr; }
  .binary-ico { font-size: 2em; color: var(--_muted); line-height: 1; }
  .binary-file dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: var(--_space-1) var(--_space-3); }
  .binary-file dt { font-weight: 600; }
  .binary-file dd { margin: 0; min-width: 0; }
  .binary-file .sha { overflow-wrap: anywhere; font-size: 0.8em; }
  .binary-file p { grid-column: 1 / -1; margin: 0; max-width: 60ch; }
</style>`;
