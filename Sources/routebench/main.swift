print("routebench")
