"""`parlour report`: the history as one HTML file that opens with no network (styles
and charts inline), made from the same facts and ratings as `parlour stats`."""
