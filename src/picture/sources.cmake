# The pictures: the drawing surface (SVG text or callbacks) and the sequence and graph pictures.
set(GRUNDY_PICTURE_SOURCES picture/picture_canvas.c picture/picture_axes.c picture/picture_seq.c
                           picture/picture_freq.c picture/picture_table.c picture/picture_graph.c
                           picture/picture_graph_layout.c
                           picture/picture.c)
