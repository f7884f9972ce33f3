/// The trace page's style sheet: system fonts only, so the page loads nothing.
enum TracePageStyle {
    static let css = #"""
    :root { --ink: #1f2328; --muted: #6a737d; --line: #d8dee4; --panel: #ffffff; --page: #f4f6f8; --accent: #d62728; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--page); color: var(--ink);
           font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
    header { display: flex; align-items: baseline; gap: 14px; padding: 12px 20px 6px; }
    header h1 { font-size: 17px; margin: 0; }
    header .muted { font-size: 12px; }
    .muted { color: var(--muted); }
    .controls { display: flex; align-items: center; gap: 10px; padding: 4px 20px 10px; }
    .controls input[type=range] { flex: 1; max-width: 640px; accent-color: var(--ink); }
    .controls button { font: inherit; border: 1px solid var(--line); background: var(--panel); border-radius: 6px;
                       padding: 3px 10px; cursor: pointer; }
    .controls .keys { color: var(--muted); font-size: 12px; }
    main { display: grid; grid-template-columns: auto auto minmax(340px, 1fr); gap: 14px; padding: 0 20px 14px;
           align-items: start; }
    .card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
    .card h2 { font-size: 11px; letter-spacing: .06em; text-transform: uppercase; color: var(--muted); margin: 0 0 8px; }
    .panel { min-width: 120px; }
    .stage { position: relative; overflow: hidden; margin: 0 auto; }
    .stage.screen { background: repeating-linear-gradient(45deg, #f7f8fa 0 6px, #eef0f3 6px 12px); border-radius: 4px; }
    .box { position: absolute; background: color-mix(in srgb, var(--c) 22%, white); border: 1px solid var(--c);
           border-radius: 3px; overflow: hidden; }
    .box.kind-sticky, .box.kind-fixed { background: color-mix(in srgb, var(--c) 38%, white); }
    .box.pinned { border-width: 2px; box-shadow: 0 2px 6px rgba(0,0,0,.25); z-index: 2; }
    .box.active { background: color-mix(in srgb, var(--c) 30%, white); }
    .box .label { position: relative; padding: 2px 5px; font-size: 11px; white-space: nowrap; color: var(--ink); }
    .box .sub { font-weight: normal; font-size: 11px; color: #3d444d; white-space: nowrap; }
    .box .badge { margin-left: 6px; padding: 0 5px; border-radius: 8px; background: var(--c); color: white; font-size: 10px; }
    .box .thumb { position: absolute; right: 2px; width: 4px; border-radius: 2px; background: var(--c); opacity: .8; }
    .box .collapse { position: absolute; left: 0; bottom: 0; height: 3px; background: var(--c); }
    .thin { border: 0 !important; outline: 1px solid var(--c, var(--accent)); }
    .box.page { border-style: dashed; background: color-mix(in srgb, var(--c) 10%, white); z-index: 1; }
    .box.tile { --c: #4c78a8; background: #e3ecf6; }
    .box.tile.odd { background: #d0dfef; }
    .viewport { position: absolute; border: 2px solid var(--accent); border-radius: 2px; pointer-events: none; z-index: 3; }
    .screen .viewport { box-shadow: 0 0 0 2000px rgba(244, 246, 248, .62); }
    .vp-label { position: absolute; right: 0; bottom: 100%; padding: 0 4px; font-size: 10px; color: white;
                background: var(--accent); border-radius: 2px 2px 0 0; white-space: nowrap; }
    .screen .vp-label { bottom: auto; top: 100%; border-radius: 0 0 2px 2px; }
    .content-view { position: absolute; border: 1px dashed #8a8a8a; z-index: 1; pointer-events: none; }
    .gutter-label { position: absolute; font-size: 11px; line-height: 14px; padding-left: 6px; border-left: 3px solid var(--c);
                    white-space: nowrap; }
    .range { position: absolute; background: #c9ced6; border-radius: 3px; }
    .finger { position: absolute; border-radius: 50%; background: #111111; border: 2px solid #ffffff; box-sizing: border-box; z-index: 5; }
    .offset-dot { position: absolute; width: 8px; height: 8px; border-radius: 50%; background: var(--accent); z-index: 4; }
    .empty { color: var(--muted); padding: 30px 10px; text-align: center; }
    .details { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
    .step-head { display: flex; flex-direction: column; gap: 2px; }
    #step-title { font: 600 15px ui-monospace, "DejaVu Sans Mono", monospace; }
    #step-params { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: #3d444d; word-break: break-all; }
    #problems, #notes { margin: 0; padding: 8px 12px 8px 28px; background: #fdecec; border: 1px solid #f3b5b5;
                        border-radius: 8px; color: #8a1c1c; }
    #events { display: flex; flex-wrap: wrap; gap: 5px; }
    .chip { border-left: 4px solid var(--c); background: #f1f3f5; border-radius: 4px; padding: 1px 7px; font-size: 12px; }
    table { border-collapse: collapse; width: 100%; font-size: 12px; }
    th { text-align: left; font-weight: 600; padding: 2px 14px 2px 0; white-space: nowrap; vertical-align: top; width: 1%; }
    td { padding: 2px 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; word-break: break-all; }
    tr.changed td { color: #0b5cad; font-weight: 600; }
    .swatch { display: inline-block; width: 9px; height: 9px; border-radius: 2px; margin-right: 6px; }
    .track { display: inline-block; width: 120px; height: 7px; background: #e6e9ed; border-radius: 4px; vertical-align: middle; }
    .track-fill { display: block; height: 100%; background: #4c78a8; border-radius: 4px; }
    pre { margin: 0; font: 11.5px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-all;
          max-height: 260px; overflow: auto; }
    details summary { cursor: pointer; color: var(--muted); font-size: 12px; }
    .timeline { margin: 0 20px 12px; }
    #timeline { overflow-x: auto; }
    .timeline .axis { font-size: 10px; color: var(--muted); margin-left: 6px; }
    .offset-line path { fill: none; stroke: var(--accent); stroke-width: 1.5; }
    .offset-line circle { fill: var(--accent); }
    .ticks { display: flex; }
    .tick { flex: none; display: flex; flex-direction: column; align-items: center; gap: 2px; min-height: 48px; padding: 3px 0 4px;
            border: 0; border-top: 2px solid transparent; background: none; cursor: pointer; font: inherit; }
    .tick:hover { background: #eaeef2; }
    .tick.current { background: #dde6f0; border-top-color: var(--accent); }
    .tick .n { font-size: 10px; color: var(--muted); }
    .tick .mark { width: 8px; height: 8px; border-radius: 50%; }
    .tick .err { color: white; background: var(--accent); border-radius: 50%; width: 14px; height: 14px; font-size: 10px;
                 line-height: 14px; font-weight: 700; }
    .tick.bad .n { color: var(--accent); font-weight: 700; }
    """#
}
