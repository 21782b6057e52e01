"""The menu bar of the play and Review screens.

- :mod:`.bar`: the bar itself (:class:`~.bar.MenuBar`, a scene part), its menus and items;
- :mod:`.entries`: what each screen's menus hold, tied to the key tables (an item is its key).
"""
