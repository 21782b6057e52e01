def write_mat(m): raise NotImplementedError
