"""The pygame user interface: app loop, scenes, widgets, overlays and charts."""
