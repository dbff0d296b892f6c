set(GRUNDY_GRAPH_SOURCES graph/retro.c graph/retro_par.c graph/csr.c graph/label.c graph/reader.c graph/sg.c graph/acyclic_sg.c graph/sum.c)
