// Styles of <forge-skill-builder>: the frame, banner, chat and draft panels
// side by side (stacked below 860px of element width, down to 360px), the
// editor with its gutter, validation, and the save/skills dialogs.

import { css } from 'lit';

export const builderStyles = css`
  .base {
    container-type: inline-size;
    background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius);
    box-shadow: var(--_shadow); overflow: clip;
  }
  .small { font-size: 0.88em; }
  .grow { flex: 1; min-width: 0; }

  /* header */
  .top { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 12px 18px; border-bottom: 1px solid var(--_border); }
  .brand { display: flex; align-items: center; gap: 10px; min-width: 0; }
  .brand h2 { font-size: 1.08em; line-height: 1.25; white-space: nowrap; }
  .brand p { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .brand > div { min-width: 0; }
  .logo {
    display: grid; place-items: center; width: 32px; height: 32px; border-radius: 9px; flex: none; font-size: 16px;
    color: var(--_accent-contrast); background: linear-gradient(135deg, var(--_accent), color-mix(in srgb, var(--_accent) 55%, #22d3ee));
  }
  .top-actions { display: flex; gap: 8px; flex-wrap: wrap; justify-content: flex-end; }
  .count { background: var(--_surface-2); border-radius: 999px; padding: 0 7px; font-size: 0.85em; }

  /* banner */
  .banner { padding: 9px 18px; background: var(--_surface); border-bottom: 1px solid var(--_border); }
  .banner.unset { background: var(--_accent-soft); }
  .banner.unset .state { flex-wrap: nowrap; align-items: flex-start; }
  .banner.unset .dot { margin-top: 6px; }
  .banner-main { display: flex; align-items: center; justify-content: space-between; gap: 8px 12px; flex-wrap: wrap; }
  .state { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; min-width: 0; }
  .state.error { color: var(--_danger); }
  .provider code.model { font-weight: 600; }
  .base-url { font-size: 0.88em; overflow-wrap: anywhere; }
  .banner-actions { display: flex; gap: 8px; }
  .dot { width: 9px; height: 9px; border-radius: 50%; flex: none; }
  .dot.on { background: var(--_success); }
  .dot.warn { background: var(--_warning); }
  .dot.off { background: var(--_muted); }
  .issues { list-style: none; margin: 8px 0 2px; padding: 0; display: grid; gap: 6px; }
  .issue { display: flex; gap: 8px; align-items: flex-start; font-size: 0.92em; }
  .issue .ico { font-weight: 700; flex: none; width: 1.1em; text-align: center; }
  .issue.warn .ico { color: var(--_warning); }
  .issue.error .ico { color: var(--_danger); }
  .edit-banner {
    display: flex; align-items: center; justify-content: space-between; gap: 8px 12px; flex-wrap: wrap;
    padding: 8px 18px; background: var(--_accent-soft); border-bottom: 1px solid var(--_border);
  }

  /* two panels */
  .main { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); height: var(--forge-panel-height, 640px); }
  .panel { display: flex; flex-direction: column; min-height: 0; min-width: 0; }
  .chat { border-right: 1px solid var(--_border); }
  .panel-title { font-size: 0.76em; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); }
  .chat > .panel-title, .panel-head { display: flex; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--_border); min-height: 41px; }
  .panel-head { justify-content: space-between; gap: 10px; }
  .receiving { display: inline-flex; align-items: center; gap: 6px; font-size: 0.85em; color: var(--_accent); font-weight: 600; }
  .skill-name { font-size: 0.85em; color: var(--_muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  @container (max-width: 860px) {
    .main { grid-template-columns: minmax(0, 1fr); height: auto; }
    .chat { border-right: 0; border-bottom: 1px solid var(--_border); height: min(600px, 85vh); }
    .draft { min-height: 560px; }
    /* Nothing to scroll yet: no tall blank panels. */
    .chat:has(> .log.is-empty) { height: auto; }
    .draft:has(> .draft-empty) { min-height: 0; }
  }

  /* chat */
  .log { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 14px; min-height: 0; }
  .log.is-empty { flex: 0; padding: 0; }
  .msg { max-width: 90%; min-width: 0; }
  .msg.user { align-self: flex-end; }
  .who { font-size: 0.74em; font-weight: 650; color: var(--_muted); margin: 0 4px 3px; letter-spacing: 0.02em; }
  .user .who { text-align: right; }
  .bubble { padding: 9px 13px; border-radius: 14px; overflow-wrap: anywhere; }
  .user .bubble { background: var(--_accent); color: var(--_accent-contrast); border-bottom-right-radius: 4px; }
  .assistant .bubble { background: var(--_surface); border: 1px solid var(--_border); border-bottom-left-radius: 4px; }
  .assistant.error .bubble { border-color: color-mix(in srgb, var(--_danger) 45%, var(--_border)); }
  .plain { white-space: pre-wrap; }
  .md > :first-child { margin-top: 0; }
  .md p, .md ul, .md ol, .md pre, .md blockquote, .md .md-table { margin: 0 0 0.6em; }
  .md > :last-child { margin-bottom: 0; }
  .md ul, .md ol { padding-left: 1.3em; }
  .md li + li { margin-top: 2px; }
  .md a { color: var(--_accent); text-underline-offset: 2px; }
  .md code { background: var(--_surface-2); padding: 1px 5px; border-radius: 4px; }
  .md pre { background: var(--_surface-2); padding: 8px 10px; border-radius: var(--_radius-sm); overflow-x: auto; font-size: 0.88em; }
  .md pre code { background: none; padding: 0; }
  .md .md-h { font-weight: 700; margin: 0.7em 0 0.3em; }
  .md blockquote { border-left: 3px solid var(--_border); padding-left: 10px; color: var(--_muted); margin-left: 0; }
  .md .md-table { overflow-x: auto; }
  .md table { border-collapse: collapse; font-size: 0.92em; }
  .md th, .md td { border: 1px solid var(--_border); padding: 3px 8px; text-align: left; }
  .md hr { border: 0; border-top: 1px solid var(--_border); }
  .progress { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; font-size: 0.88em; margin-top: 4px; }
  .md + .progress { margin-top: 10px; }
  .progress .bar { flex-basis: 100%; height: 3px; border-radius: 3px; background: var(--_surface-2); overflow: hidden; }
  .progress .bar span { display: block; width: 35%; height: 100%; background: var(--_accent); border-radius: 3px; animation: slide 1.3s ease-in-out infinite; }
  @keyframes slide { from { transform: translateX(-100%); } to { transform: translateX(300%); } }
  @media (prefers-reduced-motion: reduce) { .progress .bar span { animation: none; width: 100%; opacity: 0.4; } }
  .draft-note { margin-top: 8px; font-size: 0.88em; font-weight: 600; color: var(--_accent); }
  button.link {
    min-height: 0; padding: 0; border: 0; background: none; color: var(--_accent); font-weight: 650;
    text-decoration: underline; text-underline-offset: 2px;
  }
  button.link:hover:not(:disabled) { background: none; }
  .small-notice { margin-top: 8px; font-size: 0.9em; align-items: center; padding: 6px 8px 6px 10px; }
  .small-notice .grow { flex: 1; }

  .empty { padding: 22px; display: grid; gap: 10px; align-content: start; flex: 1; overflow-y: auto; min-height: 0; }
  .empty-title { font-size: 1.15em; font-weight: 700; }
  .empty > .primary, .empty > button { justify-self: start; }
  .starters { list-style: none; padding: 0; margin: 6px 0 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px; }
  .starter {
    width: 100%; height: 100%; white-space: normal; text-align: left; justify-content: flex-start; align-items: flex-start;
    padding: 10px 12px; line-height: 1.4; font-weight: 500; min-height: 60px; background: var(--_bg);
  }
  .starter:hover:not(:disabled) { border-color: var(--_accent); background: var(--_accent-soft); }

  .composer { border-top: 1px solid var(--_border); padding: 10px 12px 12px; }
  .composer textarea { resize: none; min-height: 64px; max-height: 220px; display: block; field-sizing: content; }
  .composer-bar { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin-top: 8px; }
  .composer-bar .hint { margin: 0; }
  .stop { border-color: var(--_danger); color: var(--_danger); }
  .stop-square { width: 10px; height: 10px; border-radius: 2px; background: currentColor; }

  /* draft */
  .tabs-row { display: flex; align-items: center; gap: 8px; padding: 0 10px 0 6px; border-bottom: 1px solid var(--_border); }
  .tabs { display: flex; gap: 2px; overflow-x: auto; flex: 1; min-width: 0; scrollbar-width: thin; }
  .tab {
    border: 0; border-bottom: 2px solid transparent; border-radius: 0; background: transparent; color: var(--_muted);
    min-height: 40px; padding: 0 12px; font-weight: 550;
  }
  .tab:hover:not(:disabled) { background: transparent; color: var(--_text); }
  .tab[aria-selected='true'] { color: var(--_text); border-bottom-color: var(--_accent); font-weight: 700; }
  .tab:focus-visible { outline-offset: -3px; }
  .tab-count { font-size: 0.75em; font-weight: 700; border-radius: 999px; padding: 0 6px; display: inline-flex; gap: 2px; }
  .tab-count.err { color: var(--_danger); background: var(--_danger-soft); }
  .tab-count.warn { color: var(--_warning); background: var(--_warning-soft); }
  .name-edit { padding: 10px 16px; background: var(--_surface); border-bottom: 1px solid var(--_border); display: grid; gap: 6px; }
  .name-row { display: flex; gap: 6px; }
  .name-row input { flex: 1; min-width: 0; }
  .file { flex: 1; min-height: 0; display: flex; flex-direction: column; }
  .file-bar {
    display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 38px;
    padding: 3px 10px 3px 16px; font-size: 0.85em; color: var(--_muted); border-bottom: 1px solid var(--_border);
  }
  .file-bar .path { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .file-actions, .confirm-del { display: flex; gap: 4px; align-items: center; flex: none; }
  .confirm-del { color: var(--_text); gap: 6px; }
  .editor { flex: 1; min-height: 220px; display: flex; background: var(--_surface); }
  /* The numbers sit in an absolutely placed column, so a long file never makes the editor taller: the textarea scrolls and the gutter follows. */
  .gutter {
    position: relative; flex: none; width: calc(var(--digits, 2) * 1ch + 18px); min-width: 3.4em; text-align: right; color: var(--_muted);
    font: 12.5px/20px var(--_mono); overflow: hidden; user-select: none; border-right: 1px solid var(--_border);
  }
  .gutter-lines { position: absolute; top: 0; left: 0; right: 0; padding: 10px 8px 10px 0; }
  .gutter-lines > div { padding-left: 8px; }
  .gutter .error { color: var(--_danger); font-weight: 700; box-shadow: inset 3px 0 var(--_danger); }
  .gutter .warning { color: var(--_warning); font-weight: 700; box-shadow: inset 3px 0 var(--_warning); }
  textarea.code {
    flex: 1; min-width: 0; min-height: 0; border: 0; border-radius: 0; resize: none; background: transparent;
    font: 12.5px/20px var(--_mono); padding: 10px 12px; white-space: pre; overflow: auto; tab-size: 2;
  }
  textarea.code:focus-visible { outline: 2px solid var(--_focus); outline-offset: -2px; }

  .validation { border-top: 1px solid var(--_border); padding: 8px 12px 8px 16px; max-height: 172px; overflow-y: auto; flex: none; }
  .val-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
  .val-head h4 { margin: 0; font-size: 0.76em; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); }
  .val-status { display: inline-flex; gap: 8px; align-items: center; }
  .vs { display: inline-flex; align-items: center; gap: 6px; font-weight: 650; font-size: 0.9em; }
  .vs.ok { color: var(--_success); }
  .vs.err { color: var(--_danger); }
  .vs.warn { color: var(--_warning); }
  .diags { list-style: none; padding: 0; margin: 6px 0 0; display: grid; gap: 1px; }
  .diag-btn {
    width: 100%; justify-content: flex-start; align-items: baseline; text-align: left; white-space: normal;
    border: 0; background: transparent; padding: 4px 6px; min-height: 0; gap: 8px; font-weight: 400; border-radius: 6px;
  }
  .diag-btn.static { display: flex; cursor: default; }
  .sev { font-weight: 700; font-size: 0.8em; flex: none; min-width: 6.6em; }
  .error .sev { color: var(--_danger); }
  .warning .sev { color: var(--_warning); }
  .loc { color: var(--_muted); font-size: 0.8em; flex: none; min-width: 4.6em; }
  .dmsg { flex: 1; min-width: 0; font-size: 0.92em; }

  .draft-foot { display: flex; align-items: center; gap: 8px; padding: 10px 12px; border-top: 1px solid var(--_border); flex-wrap: wrap; }
  .save-hint { color: var(--_muted); font-size: 0.86em; text-align: right; }
  .save-hint:empty { visibility: hidden; }
  @container (max-width: 520px) {
    .top { padding: 10px 12px; }
    .banner, .edit-banner { padding-left: 12px; padding-right: 12px; }
    .msg { max-width: 96%; }
    .log { padding: 12px; }
    .empty { padding: 16px 14px; }
    .save-hint { order: 3; flex-basis: 100%; text-align: left; }
    .draft-foot .primary { margin-left: auto; }
    .composer-bar .hint { font-size: 0.78em; }
    .sev { min-width: 0; }
    .logo, .add-label { display: none; }
    .save-hint:empty { display: none; }
    .gutter { min-width: 2.6em; }
    textarea.code { padding-left: 8px; }
    .dl-what { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .top { gap: 8px; }
  }

  .draft-empty { justify-items: center; text-align: center; align-content: center; padding: 32px 24px; }
  .draft-empty > button { justify-self: center; }
  .draft-empty .muted { max-width: 38ch; }
  .doc-art {
    width: 58px; height: 72px; border: 2px solid var(--_border); border-radius: 8px; padding: 14px 10px; display: grid; gap: 7px;
    align-content: start; background: var(--_surface); margin-bottom: 4px;
  }
  .doc-art span { height: 5px; border-radius: 3px; background: var(--_surface-2); }
  .doc-art span:first-child { background: color-mix(in srgb, var(--_accent) 45%, transparent); width: 70%; }
  .doc-art.arriving { border-color: color-mix(in srgb, var(--_accent) 50%, var(--_border)); }
  .doc-art.arriving span { animation: fill 1.4s ease-in-out infinite alternate; }
  .doc-art.arriving span:nth-child(2) { animation-delay: 0.2s; }
  .doc-art.arriving span:nth-child(3) { animation-delay: 0.4s; }
  @keyframes fill { from { opacity: 0.35; } to { opacity: 1; } }
  @media (prefers-reduced-motion: reduce) { .doc-art.arriving span { animation: none; } }

  /* dialogs */
  .field label { margin-bottom: 5px; }
  .saving { display: flex; gap: 10px; align-items: center; }
  .path-line { font-size: 0.85em; overflow-wrap: anywhere; margin-top: 2px; }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
  .facts dt { color: var(--_muted); }
  .facts dd { margin: 0; overflow-wrap: anywhere; }
  .ok-text { color: var(--_success); font-weight: 600; }
  .env-form { display: grid; gap: 10px; padding: 12px; border: 1px solid var(--_border); border-radius: var(--_radius-sm); background: var(--_surface); }
  .env-group { display: grid; gap: 10px; margin: 0; padding: 4px 12px 12px; border: 1px dashed var(--_border); border-radius: var(--_radius-sm); min-width: 0; }
  .env-group legend { font-weight: 600; padding: 0 4px; }
  .env-group .hint { margin: 0; }
  .plain-list { margin: 0; padding-left: 1.2em; }
  button.danger-fill { background: var(--_danger); border-color: var(--_danger); color: #fff; }
  .diff { display: grid; gap: 8px; max-height: 52vh; overflow: auto; }
  .diff-file { border: 1px solid var(--_border); border-radius: var(--_radius-sm); overflow: hidden; }
  .diff-file summary { display: flex; align-items: center; gap: 8px; padding: 7px 12px; background: var(--_surface); cursor: pointer; }
  .counts { margin-left: auto; font-size: 0.85em; font-family: var(--_mono); }
  .tag { font-size: 0.75em; font-weight: 700; padding: 1px 8px; border-radius: 999px; border: 1px solid currentColor; }
  .tag.new { color: var(--_success); }
  .tag.removed { color: var(--_danger); }
  .tag.changed { color: var(--_accent); }
  .tag.unchanged { color: var(--_muted); }
  .diff-lines { font-size: 12px; overflow-x: auto; border-top: 1px solid var(--_border); }
  .dl { display: grid; grid-template-columns: 3em 3em 1.5em 1fr; white-space: pre; line-height: 1.65; min-width: max-content; }
  .dl.add { background: var(--_success-soft); }
  .dl.del { background: var(--_danger-soft); }
  .dl .no { color: var(--_muted); text-align: right; padding-right: 6px; }
  .dl .sign { text-align: center; font-weight: 700; }
  .dl.add .sign { color: var(--_success); }
  .dl.del .sign { color: var(--_danger); }
  .dl.fold { display: block; color: var(--_muted); padding: 2px 12px; background: var(--_surface); font-style: italic; }
  .skill-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 8px; max-height: 60vh; overflow-y: auto; }
  .skill-row {
    display: flex; gap: 12px; justify-content: space-between; align-items: center; padding: 10px 12px;
    border: 1px solid var(--_border); border-radius: var(--_radius-sm);
  }
  .skill-info { min-width: 0; }
  .skill-line { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  .badge.current { color: var(--_accent); border-color: var(--_accent); }
  .desc { font-size: 0.9em; margin-top: 2px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
`;
