print("renderbench")
