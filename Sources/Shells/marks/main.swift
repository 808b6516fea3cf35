print("marks")
